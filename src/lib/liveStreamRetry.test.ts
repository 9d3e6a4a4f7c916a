import { describe, expect, it } from 'vitest';
import { LIVE_PLAYLIST_RETRY, LIVE_STREAM_RETRIES, liveRetryDelay } from './liveStreamRetry.ts';

describe('a live stream not published yet', () => {
  it('is asked for again, whatever the failure, for about twenty seconds', () => {
    expect(LIVE_PLAYLIST_RETRY.shouldRetry(null, 0)).toBe(true);
    expect(LIVE_PLAYLIST_RETRY.shouldRetry(null, LIVE_STREAM_RETRIES - 1)).toBe(true);
    expect(LIVE_PLAYLIST_RETRY.shouldRetry(null, LIVE_STREAM_RETRIES)).toBe(false);
    const waited = Array.from({ length: LIVE_STREAM_RETRIES }, (_, n) => liveRetryDelay(n)).reduce(
      (sum, ms) => sum + ms,
    );
    expect(waited).toBeGreaterThanOrEqual(15_000);
    expect(waited).toBeLessThanOrEqual(30_000);
  });
});
