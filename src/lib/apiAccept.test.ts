import { describe, expect, it } from 'vitest';
import {
  ALBUM_VIDEOS_API_VERSION,
  DEFAULT_API_VERSION,
  QUOTA_API_VERSION,
  apiAcceptHeader,
  isSupportedVersion,
  negotiateApiVersion,
  parseApiAccept,
} from './apiAccept.ts';

describe('parseApiAccept', () => {
  describe('given a vendor media type', () => {
    it('reads the resource and version', () => {
      expect(parseApiAccept('application/vnd.vimeo.album;version=3.4.9')).toEqual({
        resource: 'album',
        version: '3.4.9',
      });
    });
    it('tolerates spaces, a +json suffix, quotes and other parameters', () => {
      expect(
        parseApiAccept('application/vnd.vimeo.video+json ; charset=utf-8; version="3.4"'),
      ).toEqual({
        resource: 'video',
        version: '3.4',
      });
    });
    it('lower-cases type and resource', () => {
      expect(parseApiAccept('Application/VND.Vimeo.User;Version=3.4.1')).toEqual({
        resource: 'user',
        version: '3.4.1',
      });
    });
    it('accepts dotted resources', () => {
      expect(parseApiAccept('application/vnd.vimeo.video.texttrack;version=3.4.1')).toEqual({
        resource: 'video.texttrack',
        version: '3.4.1',
      });
    });
    it('defaults the version to 3.4.1 when absent', () => {
      expect(parseApiAccept('application/vnd.vimeo.album')).toEqual({
        resource: 'album',
        version: '3.4.1',
      });
    });
    it('finds the vendor type among several ranges', () => {
      expect(
        parseApiAccept('application/json, application/vnd.vimeo.quota;version=3.4.14;q=0.9'),
      ).toEqual({
        resource: 'quota',
        version: '3.4.14',
      });
    });
  });

  describe('given no vendor media type', () => {
    it.each([
      undefined,
      null,
      '',
      '*/*',
      'application/json',
      'text/html',
      'application/vnd.github+json',
      'application/vnd.vimeo.',
    ])('is null for %j', (header) => {
      expect(parseApiAccept(header)).toBeNull();
    });
  });

  describe('given a malformed version', () => {
    it.each(['abc', '3..4', '', 'v3'])('is null for version=%j', (v) => {
      expect(parseApiAccept(`application/vnd.vimeo.album;version=${v}`)).toBeNull();
    });
  });
});

describe('isSupportedVersion', () => {
  it.each(['3', '3.4', '3.4.1', '3.4.9', '3.4.14', '3.0'])('supports %s', (v) => {
    expect(isSupportedVersion(v)).toBe(true);
  });
  it.each(['2.0', '4.0', '30.1', '13.4', '', 'latest'])('rejects %j', (v) => {
    expect(isSupportedVersion(v)).toBe(false);
  });
});

describe('apiAcceptHeader', () => {
  it('uses 3.4.1 by default', () => {
    expect(DEFAULT_API_VERSION).toBe('3.4.1');
    expect(apiAcceptHeader('album')).toBe('application/vnd.vimeo.album;version=3.4.1');
  });
  it('round-trips the per-call versions', () => {
    expect(parseApiAccept(apiAcceptHeader('album', ALBUM_VIDEOS_API_VERSION))).toEqual({
      resource: 'album',
      version: '3.4.9',
    });
    expect(parseApiAccept(apiAcceptHeader('user', QUOTA_API_VERSION))).toEqual({
      resource: 'user',
      version: '3.4.14',
    });
  });
});

describe('negotiateApiVersion', () => {
  it("answers in the version of Vimeo's own client, which asks for any resource", () => {
    expect(negotiateApiVersion('application/vnd.vimeo.*+json;version=3.4')).toEqual({
      version: '3.4',
    });
    expect(parseApiAccept('application/vnd.vimeo.*+json;version=3.4')).toEqual({
      resource: '*',
      version: '3.4',
    });
  });
  it('answers in the default version when none is asked for', () => {
    expect(negotiateApiVersion(undefined)).toEqual({ version: DEFAULT_API_VERSION });
    expect(negotiateApiVersion('application/json')).toEqual({ version: DEFAULT_API_VERSION });
    expect(negotiateApiVersion('application/vnd.vimeo.video+json')).toEqual({
      version: DEFAULT_API_VERSION,
    });
  });
  it.each(['abc', '3..4', '', 'v3', '3.4-beta'])('refuses version=%j as malformed', (v) => {
    expect(negotiateApiVersion(`application/vnd.vimeo.video+json;version=${v}`)).toMatchObject({
      refused: 400,
    });
  });
  it.each(['2.0', '4', '13.4'])('refuses version %s as not acceptable', (v) => {
    expect(negotiateApiVersion(`application/vnd.vimeo.*+json;version=${v}`)).toEqual({
      refused: 406,
      version: v,
    });
  });
});
