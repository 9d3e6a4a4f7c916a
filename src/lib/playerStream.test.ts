import { describe, expect, it } from 'vitest';
import { chooseStream } from './playerStream.ts';

describe('chooseStream', () => {
  it('plays HLS natively where the browser can', () => {
    expect(chooseStream({ hasHls: true, nativeHls: true, mediaSource: true })).toBe('native-hls');
    expect(chooseStream({ hasHls: true, nativeHls: true, mediaSource: false })).toBe('native-hls');
  });

  it('loads hls.js only where the browser cannot play HLS but has Media Source Extensions', () => {
    expect(chooseStream({ hasHls: true, nativeHls: false, mediaSource: true })).toBe('hls.js');
  });

  it('falls back to the MP4 without either, or without an HLS playlist', () => {
    expect(chooseStream({ hasHls: true, nativeHls: false, mediaSource: false })).toBe(
      'progressive',
    );
    expect(chooseStream({ hasHls: false, nativeHls: true, mediaSource: true })).toBe('progressive');
  });

  it('plays a live stream through hls.js wherever it can, natively only without Media Source Extensions', () => {
    expect(chooseStream({ hasHls: true, nativeHls: true, mediaSource: true, live: true })).toBe(
      'hls.js',
    );
    expect(chooseStream({ hasHls: true, nativeHls: true, mediaSource: false, live: true })).toBe(
      'native-hls',
    );
  });
});
