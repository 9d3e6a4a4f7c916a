import { describe, expect, it } from 'vitest';

process.env['ACCESS_SECRET'] = 'watch-feed-key-test-secret';
const { isWatchFeedKey, watchFeedKey, watchFeedPath } = await import('./watchFeedKey.ts');

describe('the watch feed key', () => {
  it("opens the viewer's own feed and nobody else's", () => {
    const key = watchFeedKey(7);
    expect(isWatchFeedKey(7, key)).toBe(true);
    expect(isWatchFeedKey(8, key)).toBe(false);
    expect(isWatchFeedKey(7, `${key.slice(0, -1)}A`)).toBe(key.endsWith('A'));
    expect(isWatchFeedKey(7, null)).toBe(false);
    expect(isWatchFeedKey(7, '')).toBe(false);
  });

  it('is carried in the feed address', () => {
    expect(watchFeedPath(7)).toBe(`/watch/feed.atom?u=7&key=${watchFeedKey(7)}`);
  });
});
