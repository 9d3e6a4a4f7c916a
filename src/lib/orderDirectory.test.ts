import { describe, expect, it } from 'vitest';
import {
  createDirectoryCache,
  sliceDirectory,
  toDirectory,
  usesDirectory,
  DIRECTORY_FROM_OFFSET,
} from './orderDirectory.ts';

const order = toDirectory(7, [
  { id: 30, position: 1 },
  { id: 10, position: 2 },
  { id: 20, position: 5 },
  { id: 40, position: 9 },
]);

describe('a page cut from an order', () => {
  it('takes the ids and places from the offset on', () => {
    expect(sliceDirectory(order, 1, 2)).toEqual([
      { id: 10, position: 2 },
      { id: 20, position: 5 },
    ]);
  });

  it('stops at the end, and is empty past it', () => {
    expect(sliceDirectory(order, 3, 12)).toEqual([{ id: 40, position: 9 }]);
    expect(sliceDirectory(order, 4, 12)).toEqual([]);
    expect(sliceDirectory(order, 800, 12)).toEqual([]);
  });
});

describe('which pages are cut from an order', () => {
  it('reads early pages from the index and late ones from the order', () => {
    expect(usesDirectory(0)).toBe(false);
    expect(usesDirectory(DIRECTORY_FROM_OFFSET - 1)).toBe(false);
    expect(usesDirectory(DIRECTORY_FROM_OFFSET)).toBe(true);
    expect(usesDirectory(9_588)).toBe(true);
  });
});

describe('the held orders', () => {
  const loader = () => {
    let loads = 0;
    return {
      load: (version: number) => async () => (loads++, toDirectory(version, [])),
      count: () => loads,
    };
  };

  it('reads an order once per version, and again once the version moves', async () => {
    const cache = createDirectoryCache(4);
    const { load, count } = loader();
    expect((await cache.get('1:position', 3, load(3))).version).toBe(3);
    expect((await cache.get('1:position', 3, load(3))).version).toBe(3);
    expect(count()).toBe(1);
    expect((await cache.get('1:position', 4, load(4))).version).toBe(4);
    expect(count()).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('shares one read between readers arriving together', async () => {
    const cache = createDirectoryCache(4);
    const { load, count } = loader();
    await Promise.all([
      cache.get('k', 1, load(1)),
      cache.get('k', 1, load(1)),
      cache.get('k', 1, load(1)),
    ]);
    expect(count()).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const cache = createDirectoryCache(4);
    await expect(cache.get('k', 1, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(cache.size).toBe(0);
    expect(
      (await cache.get('k', 1, async () => toDirectory(1, [{ id: 5, position: 1 }]))).ids[0],
    ).toBe(5);
  });

  it('lets the least recently read order go first', async () => {
    const cache = createDirectoryCache(2);
    const { load, count } = loader();
    await cache.get('a', 1, load(1));
    await cache.get('b', 1, load(1));
    await cache.get('a', 1, load(1));
    await cache.get('c', 1, load(1));
    expect(count()).toBe(3);
    await cache.get('a', 1, load(1));
    expect(count()).toBe(3);
    await cache.get('b', 1, load(1));
    expect(count()).toBe(4);
  });
});
