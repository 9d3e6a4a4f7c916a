import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  pageCacheKey,
  parseCookies,
  type PageCacheSettings,
  type PageRequest,
} from './pageCache.ts';

const settings: PageCacheSettings = {
  sessionCookie: 'vsid',
  geoCountryHeader: 'cf-ipcountry',
  geoRegionHeader: 'x-region',
  benchRoutes: false,
};
const get = (url: string, headers: PageRequest['headers'] = {}, method = 'GET'): PageRequest => ({
  method,
  url,
  headers: {
    host: 'videos.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'videos.example',
    ...headers,
  },
});
const key = (request: PageRequest, options = settings) => pageCacheKey(request, options);

describe('the page cache key', () => {
  it('is shared by anonymous requests that would be sent the same page, GET and HEAD alike', () => {
    expect(key(get('/showcase/1'))).toBe(
      key(get('/showcase/1', { cookie: 'xsrft=abc; _ga=1', 'user-agent': 'other' })),
    );
    expect(key(get('/showcase/1'))).toBe(key(get('/showcase/1', {}, 'HEAD')));
  });

  it('is not given to signed-in viewers, bearer tokens or writes', () => {
    expect(key(get('/showcase/1', { cookie: 'theme=dark; vsid=session' }))).toBeNull();
    expect(key(get('/showcase/1', { authorization: 'Bearer x' }))).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(key(get('/showcase/1', {}, method))).toBeNull();
    expect(key({ ...get('/showcase/1'), refused: true })).toBeNull();
  });

  it('tells the address, its query, the host and the scheme apart', () => {
    const keys = [
      get('/showcase/1'),
      get('/showcase/1?page=2'),
      get('/showcase/1?page=2&sort=date'),
      get('/showcase/2'),
      get('/showcase/1', { 'x-forwarded-host': 'reel.example' }),
      get('/showcase/1', { 'x-forwarded-proto': 'http' }),
    ].map((request) => key(request));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('follows the locale of the prefix, else the one negotiated from the cookie and Accept-Language', () => {
    expect(key(get('/fr-FR/showcase/1'))).not.toBe(key(get('/showcase/1')));
    expect(key(get('/showcase/1', { 'accept-language': 'en-GB,en;q=0.8' }))).toBe(
      key(get('/showcase/1')),
    );
    expect(key(get('/showcase/1', { 'accept-language': 'de-DE' }))).not.toBe(
      key(get('/showcase/1')),
    );
    expect(key(get('/showcase/1', { cookie: 'locale=ja-JP' }))).toBe(
      key(get('/showcase/1', { 'accept-language': 'ja' })),
    );
    expect(key(get('/ja-JP/showcase/1', { 'accept-language': 'de-DE' }))).toBe(
      key(get('/ja-JP/showcase/1')),
    );
  });

  it('holds the theme, the mature filter and the age confirmation, and that a cookie was sent at all', () => {
    const plain = key(get('/showcase/1'));
    const variants = [
      'theme=dark',
      'theme=light',
      'theme=auto',
      'content_rating=safest',
      'content_rating=everything',
      'age_confirmed=1',
    ].map((cookie) => key(get('/showcase/1', { cookie })));
    expect(new Set([plain, ...variants]).size).toBe(variants.length + 1);
    expect(key(get('/showcase/1', { cookie: 'theme=bogus' }))).toBe(
      key(get('/showcase/1', { cookie: 'theme=auto' })),
    );
    expect(key(get('/showcase/1', { cookie: 'content_rating=custom:unrated.safe' }))).toBe(
      key(get('/showcase/1', { cookie: 'content_rating=custom:safe.unrated' })),
    );
  });

  it('holds the region headers that choose the legal links, only when the site reads them', () => {
    const california = get('/showcase/1', { 'cf-ipcountry': 'us', 'x-region': 'us-ca' });
    expect(key(california)).not.toBe(
      key(get('/showcase/1', { 'cf-ipcountry': 'US', 'x-region': 'US-NY' })),
    );
    expect(key(california)).toBe(
      key(get('/showcase/1', { 'cf-ipcountry': 'US', 'x-region': 'US-CA' })),
    );
    const unread = { ...settings, geoCountryHeader: undefined, geoRegionHeader: undefined };
    expect(key(california, unread)).toBe(key(get('/showcase/1'), unread));
  });

  it('is skipped for the bench’s uncached renders only when the bench routes are on', () => {
    const bench = get('/showcase/1', { 'x-bench-uncached': '1' });
    expect(key(bench)).toBe(key(get('/showcase/1')));
    expect(key(bench, { ...settings, benchRoutes: true })).toBeNull();
  });
});

describe('cookies', () => {
  it('are read as Astro reads them: the first of a name, decoded, quotes removed', () => {
    expect(parseCookies('a=1; b="two"; a=3; c=%C3%A9; broken; d=%E0')).toEqual(
      new Map([
        ['a', '1'],
        ['b', 'two'],
        ['c', 'é'],
        ['d', '%E0'],
      ]),
    );
  });
});

describe('the stored encoding sent', () => {
  it('is brotli, else gzip, else the plain bytes', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('*;q=0, identity')).toBe('identity');
  });
});
