import { describe, expect, it } from 'vitest';
import { oembedTarget, oembedXml, parseOembedQuery, type OembedAnswer } from './oembed.ts';

const query = (params: Record<string, string>) => parseOembedQuery(new URLSearchParams(params));
const target = (url: string) => oembedTarget(new URL(url));

describe('parseOembedQuery', () => {
  it('reads the url, JSON by default and no bounds', () => {
    const parsed = query({ url: 'https://videos.example.org/showcase/3' });
    expect(parsed).toEqual({
      ok: true,
      query: {
        url: new URL('https://videos.example.org/showcase/3'),
        format: 'json',
        bounds: { maxWidth: null, maxHeight: null },
      },
    });
  });

  it('reads XML and the bounds', () => {
    const parsed = query({
      url: 'https://videos.example.org/showcase/3',
      format: 'xml',
      maxwidth: '640',
      maxheight: '400',
    });
    expect(parsed).toMatchObject({
      ok: true,
      query: { format: 'xml', bounds: { maxWidth: 640, maxHeight: 400 } },
    });
  });

  it.each([
    {},
    { url: '' },
    { url: '/showcase/3' },
    { url: 'javascript:alert(1)' },
    { url: 'ftp://videos.example.org/showcase/3' },
  ])('asks for an absolute web address: %j', (params) => {
    expect(query(params)).toEqual({ ok: false, refusal: 'missingUrl' });
  });

  it.each([{ maxwidth: '0' }, { maxheight: 'tall' }, { maxwidth: '-1' }, { maxwidth: '1.5' }])(
    'refuses a size that is no whole number from 1: %j',
    (bounds) => {
      expect(query({ url: 'https://videos.example.org/showcase/3', ...bounds })).toEqual({
        ok: false,
        refusal: 'invalidSize',
      });
    },
  );

  it('refuses a format it does not write', () => {
    expect(query({ url: 'https://videos.example.org/showcase/3', format: 'yaml' })).toEqual({
      ok: false,
      refusal: 'unsupportedFormat',
    });
  });
});

describe('oembedTarget', () => {
  it('names a showcase page, in any locale, with or without a trailing slash', () => {
    expect(target('https://v.example/showcase/3')).toEqual({ albumId: 3, videoId: null });
    expect(target('https://v.example/ja-JP/showcase/3/')).toEqual({ albumId: 3, videoId: null });
    expect(target('https://v.example/showcase/3?page=2')).toEqual({ albumId: 3, videoId: null });
  });

  it('names a video page, and the video a showcase address opens', () => {
    expect(target('https://v.example/showcase/3/video/17')).toEqual({ albumId: 3, videoId: 17 });
    expect(target('https://v.example/pt-BR/showcase/3/video/17/')).toEqual({
      albumId: 3,
      videoId: 17,
    });
    expect(target('https://v.example/showcase/3?video=17')).toEqual({ albumId: 3, videoId: 17 });
  });

  it.each([
    'https://v.example/',
    'https://v.example/showcase/3/embed',
    'https://v.example/showcase/3/video/17/embed',
    'https://v.example/showcase/03',
    'https://v.example/showcase/abc',
    'https://v.example/showcase/3?video=x',
    'https://v.example/showcase/99999999999',
    'https://v.example/manage/showcases/3',
    'https://v.example/xx-XX/showcase/3',
  ])('names nothing at %s', (url) => {
    expect(target(url)).toBeNull();
  });
});

describe('oembedXml', () => {
  const answer: OembedAnswer = {
    type: 'video',
    version: '1.0',
    title: 'Fish & <chips>',
    author_name: 'Ana',
    author_url: 'https://v.example/showcase/3',
    provider_name: 'Vitrine',
    provider_url: 'https://v.example/',
    html: '<iframe src="https://v.example/x"></iframe>',
    width: 640,
    height: 360,
  };

  it('writes every field as an escaped element of <oembed>', () => {
    const xml = oembedXml(answer);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8" standalone="yes"?>')).toBe(true);
    expect(xml).toContain('<title>Fish &amp; &lt;chips&gt;</title>');
    expect(xml).toContain(
      '<html>&lt;iframe src=&quot;https://v.example/x&quot;&gt;&lt;/iframe&gt;</html>',
    );
    expect(xml).toContain('<width>640</width>');
    expect(xml).not.toContain('thumbnail_url');
  });
});
