import { describe, expect, it } from 'vitest';
import { createPageCacheStore } from './pageCacheStore.ts';

const page = (bytes: number) => ({ bytes });
const limits = { maxEntries: 3, maxBytes: 100, ttlMs: 60_000 };

describe('the page cache store', () => {
  it('keeps a page stored in the current generation', () => {
    const store = createPageCacheStore(limits);
    expect(store.put('a', page(10), store.generation, 0)).toBe(true);
    expect(store.get('a', 1)).toEqual(page(10));
  });

  it('forgets every page on a change', () => {
    const store = createPageCacheStore(limits);
    store.put('a', page(10), store.generation, 0);
    store.put('b', page(10), store.generation, 0);
    store.invalidate();
    expect(store.get('a', 1)).toBeUndefined();
    expect(store.get('b', 1)).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  it('does not store a render that began before a change', () => {
    const store = createPageCacheStore(limits);
    const began = store.generation;
    store.invalidate();
    expect(store.put('a', page(10), began, 0)).toBe(false);
    expect(store.get('a', 1)).toBeUndefined();
    expect(store.put('a', page(10), store.generation, 0)).toBe(true);
  });

  it('drops the least recently used page past its count or its bytes', () => {
    const store = createPageCacheStore(limits);
    const generation = store.generation;
    store.put('a', page(10), generation, 0);
    store.put('b', page(10), generation, 0);
    store.put('c', page(10), generation, 0);
    store.get('a', 1);
    store.put('d', page(10), generation, 2);
    expect(['a', 'b', 'c', 'd'].map((k) => store.get(k, 3) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    store.put('e', page(80), generation, 4);
    expect(['a', 'c', 'd', 'e'].map((k) => store.get(k, 5) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(store.bytes).toBe(100);
  });

  it('refuses a page larger than all its memory', () => {
    const store = createPageCacheStore(limits);
    expect(store.put('huge', page(101), store.generation, 0)).toBe(false);
  });

  it('lets a page go once it has been kept its time', () => {
    const store = createPageCacheStore(limits);
    store.put('a', page(10), store.generation, 0);
    expect(store.get('a', 59_999)).toBeDefined();
    expect(store.get('a', 60_000)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('looks a page up as stale for its stale time past its fresh one, then lets it go', () => {
    const store = createPageCacheStore({ ...limits, staleMs: 10_000 });
    store.put('a', page(10), store.generation, 0);
    expect(store.lookup('a', 59_999)).toEqual({ value: page(10), stale: false });
    expect(store.lookup('a', 60_000)).toEqual({ value: page(10), stale: true });
    expect(store.get('a', 60_000)).toBeUndefined();
    expect(store.lookup('a', 69_999)).toEqual({ value: page(10), stale: true });
    expect(store.lookup('a', 70_000)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('forgets stale pages on a change too', () => {
    const store = createPageCacheStore({ ...limits, staleMs: 10_000 });
    store.put('a', page(10), store.generation, 0);
    store.invalidate();
    expect(store.lookup('a', 60_000)).toBeUndefined();
  });
});
