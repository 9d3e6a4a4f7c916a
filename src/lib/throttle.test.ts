import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once', () => {
    const run = vi.fn();
    throttle(run, 50)('a');
    expect(run).toHaveBeenCalledWith('a');
  });

  it('runs calls made within the interval once, at its end, with the latest arguments', () => {
    const run = vi.fn();
    const throttled = throttle(run, 50);
    throttled('a');
    throttled('b');
    throttled('c');
    expect(run.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(50);
    expect(run.mock.calls).toEqual([['a'], ['c']]);
  });

  it('runs no more than once per interval under a steady stream of calls', () => {
    const run = vi.fn();
    const throttled = throttle(run, 50);
    for (let i = 0; i < 20; i++) {
      throttled(i);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(50);
    // 200 ms of calls every 10 ms: the first at once, then one per 50 ms, then the last.
    expect(run.mock.calls).toEqual([[0], [4], [9], [14], [19]]);
  });

  it('runs at once again after a quiet interval', () => {
    const run = vi.fn();
    const throttled = throttle(run, 50);
    throttled('a');
    vi.advanceTimersByTime(100);
    throttled('b');
    expect(run.mock.calls).toEqual([['a'], ['b']]);
  });

  it('drops the waiting run when cancelled', () => {
    const run = vi.fn();
    const throttled = throttle(run, 50);
    throttled('a');
    throttled('b');
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(run.mock.calls).toEqual([['a']]);
  });
});
