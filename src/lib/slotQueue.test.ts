import { describe, expect, it } from 'vitest';
import { createSlotQueue } from './slotQueue.ts';

describe('createSlotQueue', () => {
  it('starts as many as it has slots, and the others in the order they came as slots come back', () => {
    const queue = createSlotQueue(2);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    for (const name of ['a', 'b', 'c', 'd']) {
      queue.acquire((release) => {
        started.push(name);
        releases.set(name, release);
      });
    }
    expect(started).toEqual(['a', 'b']);
    expect([queue.busy, queue.waiting]).toEqual([2, 2]);
    releases.get('b')!();
    expect(started).toEqual(['a', 'b', 'c']);
    releases.get('a')!();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    releases.get('c')!();
    releases.get('d')!();
    expect([queue.busy, queue.waiting]).toEqual([0, 0]);
  });

  it('counts a slot given back twice once', () => {
    const queue = createSlotQueue(1);
    let first = () => {};
    queue.acquire((release) => (first = release));
    let secondStarted = false;
    queue.acquire(() => (secondStarted = true));
    first();
    first();
    expect(secondStarted).toBe(true);
    expect(queue.busy).toBe(1);
    let third = false;
    queue.acquire(() => (third = true));
    expect(third).toBe(false);
  });

  it('lets a holder give its slot back at once', () => {
    const queue = createSlotQueue(1);
    const order: number[] = [];
    for (const n of [1, 2, 3]) queue.acquire((release) => (order.push(n), release()));
    expect(order).toEqual([1, 2, 3]);
    expect(queue.busy).toBe(0);
  });

  it('refuses a size that is not a positive whole number', () => {
    expect(() => createSlotQueue(0)).toThrow(RangeError);
    expect(() => createSlotQueue(1.5)).toThrow(RangeError);
  });
});
