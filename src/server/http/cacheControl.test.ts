import { describe, expect, it } from 'vitest';
import { mediaCacheControl } from './cacheControl.ts';

describe('mediaCacheControl', () => {
  it('lets shared caches keep public media until its URL expires', () => {
    expect(mediaCacheControl({ shared: true, expiresAt: 1_000 + 7_200, now: 1_000 })).toBe('public, max-age=7200, immutable');
  });

  it('keeps protected media in the viewer’s own browser only', () => {
    expect(mediaCacheControl({ shared: false, expiresAt: 1_000 + 3_600, now: 1_000 })).toBe('private, max-age=3600, immutable');
  });

  it('never announces a negative lifetime', () => {
    expect(mediaCacheControl({ shared: true, expiresAt: 10, now: 1_000 })).toBe('public, max-age=0, immutable');
  });
});
