import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from './forEachConcurrently.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('forEachConcurrently', () => {
  it('runs every item once, never more than the limit at a time, starting them in order', async () => {
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    await forEachConcurrently([10, 11, 12, 13, 14], 2, async (item, index) => {
      expect(item).toBe(index + 10);
      started.push(index);
      running += 1;
      peak = Math.max(peak, running);
      for (let i = 0; i < 3 - (index % 3); i++) await tick();
      running -= 1;
    });
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('starts no more workers than there are items, and none for an empty list', async () => {
    const seen: number[] = [];
    await forEachConcurrently([7], 4, async (item) => void seen.push(item));
    await forEachConcurrently([], 4, async () => void seen.push(0));
    expect(seen).toEqual([7]);
  });

  it('rejects with the failure of a run', async () => {
    await expect(
      forEachConcurrently([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('no 2');
      }),
    ).rejects.toThrow('no 2');
  });

  it('refuses a limit below one', async () => {
    await expect(forEachConcurrently([1], 0, async () => {})).rejects.toThrow(RangeError);
  });
});
