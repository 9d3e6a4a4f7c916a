import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttlCache.ts';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('a cache with a 5 s lifetime', () => {
  it('serves a loaded value until it expires, then loads again', async () => {
    const time = clock();
    const cache = createTtlCache<number>({ ttlMs: 5_000, max: 10, now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    time.advance(4_999);
    expect(await cache.get('a', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('counts the lifetime from when a load finishes, not from when it began', async () => {
    const time = clock();
    const cache = createTtlCache<number>({ ttlMs: 5_000, max: 10, now: time.now });
    let loads = 0;
    let finish = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        finish = () => resolve(loads);
      });
    const first = cache.get('a', slow);
    time.advance(8_000);
    expect(cache.get('a', slow)).toBe(first);
    finish();
    expect(await first).toBe(1);
    time.advance(4_999);
    expect(await cache.get('a', slow)).toBe(1);
    time.advance(1);
    const again = cache.get('a', slow);
    finish();
    expect(await again).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createTtlCache<string>({ ttlMs: 5_000, max: 10 });
    let loads = 0;
    const load = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve(`v${++loads}`), 5));
    const values = await Promise.all([
      cache.get('k', load),
      cache.get('k', load),
      cache.get('k', load),
    ]);
    expect(values).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string>({ ttlMs: 5_000, max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('drops the oldest entry past its size', async () => {
    const cache = createTtlCache<number>({ ttlMs: 5_000, max: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 9)).toBe(9);
  });
});
