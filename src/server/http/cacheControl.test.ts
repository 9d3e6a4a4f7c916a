import { describe, expect, it } from 'vitest';
import { mediaCacheControl } from './cacheControl.ts';

describe('mediaCacheControl', () => {
  it('lets shared caches keep public media until its URL expires', () => {
    expect(
      mediaCacheControl({
        key: 'videos/7/720p.mp4',
        shared: true,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('public, max-age=7200, immutable');
  });

  it('keeps protected media in the viewer’s own browser only', () => {
    expect(
      mediaCacheControl({
        key: 'videos/7/720p.mp4',
        shared: false,
        expiresAt: 1_000 + 3_600,
        now: 1_000,
      }),
    ).toBe('private, max-age=3600, immutable');
  });

  it('never announces a negative lifetime', () => {
    expect(
      mediaCacheControl({ key: 'videos/7/720p.mp4', shared: true, expiresAt: 10, now: 1_000 }),
    ).toBe('public, max-age=0, immutable');
  });

  it('keeps a live playlist a second at most and has its poster checked again, while its segments stay immutable', () => {
    expect(
      mediaCacheControl({
        key: 'live/7/3/poster.jpg',
        shared: true,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('public, no-cache');
    expect(
      mediaCacheControl({
        key: 'live/7/3/master.m3u8',
        shared: true,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('public, max-age=1');
    expect(
      mediaCacheControl({
        key: 'live/7/3/720p/index.m3u8',
        shared: false,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('private, max-age=1');
    expect(
      mediaCacheControl({
        key: 'live/7/3/720p/seg-00042.ts',
        shared: true,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('public, max-age=7200, immutable');
  });

  it('keeps the playlist of a finished video immutable', () => {
    expect(
      mediaCacheControl({
        key: 'videos/7/hls/master.m3u8',
        shared: true,
        expiresAt: 1_000 + 7_200,
        now: 1_000,
      }),
    ).toBe('public, max-age=7200, immutable');
  });
});
