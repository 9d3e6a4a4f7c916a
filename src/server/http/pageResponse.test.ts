import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import { THEME_COOKIE } from '../../lib/footerPreferences.ts';
import { SHARED_PAGE } from './cacheControl.ts';
import { withPageCacheState, type PageCacheState } from './pageCacheState.ts';
import { respondError, respondPrivate, respondPublic, respondSignIn } from './pageResponse.ts';

function page({ signedIn = false, cookies = [] as string[] } = {}) {
  const response = { status: 200, headers: new Headers() };
  const astro = {
    response,
    locals: { viewer: signedIn ? {} : null },
    cookies: { has: (name: string) => cookies.includes(name) },
  } as unknown as Pick<AstroGlobal, 'response' | 'locals' | 'cookies'>;
  return { astro, response };
}

describe('respondPrivate', () => {
  it('keeps a viewer’s own page out of every cache', () => {
    const { astro, response } = page();
    respondPrivate(astro);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('answers each named outcome with its status', () => {
    const { astro, response } = page();
    respondPrivate(astro, 'invalid');
    expect(response.status).toBe(400);
    respondPrivate(astro, 'gone');
    expect(response.status).toBe(410);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('answers the status a service decided', () => {
    const { astro, response } = page();
    respondPrivate(astro, 502);
    expect(response.status).toBe(502);
  });
});

describe('respondPublic', () => {
  it('shares public content with caches and lets the page cache keep it', () => {
    const { astro, response } = page();
    const state: PageCacheState = { storable: false, personal: false };
    withPageCacheState(state, () => respondPublic(astro));
    expect(response.headers.get('Cache-Control')).toBe(SHARED_PAGE);
    expect(state.storable).toBe(true);
  });

  it('keeps the copy of a signed-in viewer private, out of the page cache', () => {
    const { astro, response } = page({ signedIn: true });
    const state: PageCacheState = { storable: false, personal: false };
    withPageCacheState(state, () => respondPublic(astro));
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(state.storable).toBe(false);
  });

  it('keeps private a page the viewer’s own theme shaped', () => {
    const { astro, response } = page({ cookies: [THEME_COOKIE] });
    respondPublic(astro);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('respondError', () => {
  it('sends an error screen with its status, stored by nobody', () => {
    const { astro, response } = page();
    respondError(astro, 404);
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('respondSignIn', () => {
  it('tells a throttled viewer when to try again', () => {
    const { astro, response } = page();
    respondSignIn(astro, { outcome: 'tooManyTries', retryAfterSeconds: 41.2 });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('42');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('asks a refused viewer again, without a wait', () => {
    const { astro, response } = page();
    respondSignIn(astro, { outcome: 'signInNeeded' });
    expect(response.status).toBe(401);
    expect(response.headers.has('Retry-After')).toBe(false);
  });
});
