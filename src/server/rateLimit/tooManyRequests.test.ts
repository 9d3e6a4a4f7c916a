import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translator.ts';
import { retryAfterHeader, tooManyRequestsResponse } from './tooManyRequests.ts';

const t = translator('en');

describe('retryAfterHeader', () => {
  it('is whole seconds, rounded up, and never below 1', () => {
    expect(retryAfterHeader(900)).toBe('900');
    expect(retryAfterHeader(2.1)).toBe('3');
    expect(retryAfterHeader(0.2)).toBe('1');
    expect(retryAfterHeader(0)).toBe('1');
    expect(retryAfterHeader(-5)).toBe('1');
    expect(retryAfterHeader(Number.NaN)).toBe('1');
  });
});

describe('tooManyRequestsResponse', () => {
  it('answers API callers with the JSON error of SPEC §8', async () => {
    const response = tooManyRequestsResponse({
      retryAfterSeconds: 42,
      wantsJson: true,
      t,
      locale: 'en',
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: 'Whoa there!',
      message:
        'Sorry, you have made too many requests in a short period of time. Please wait a few minutes and try again.',
      status: 429,
    });
  });

  it('is JSON unless told otherwise', async () => {
    const response = tooManyRequestsResponse({ retryAfterSeconds: 3, t });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.has('content-language')).toBe(false);
    expect((await response.json()).status).toBe(429);
  });

  it('announces at least one second', () => {
    const response = tooManyRequestsResponse({
      retryAfterSeconds: 0,
      wantsJson: true,
      t,
      locale: 'en',
    });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('has a plain-text fallback with the same status and headers', async () => {
    const response = tooManyRequestsResponse({
      retryAfterSeconds: 5,
      wantsJson: false,
      t,
      locale: 'de-DE',
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-language')).toBe('de-DE');
    expect(await response.text()).toContain('Whoa there!');
  });
});
