import { describe, expect, it } from 'vitest';
import {
  addSample,
  secondsLeft,
  speedOf,
  SPEED_WINDOW_MS,
  type ProgressSample,
} from './uploadProgress.ts';

describe('upload progress', () => {
  it('measures the speed over the last seconds only', () => {
    let samples: ProgressSample[] = [];
    samples = addSample(samples, { at: 0, bytes: 0 });
    expect(speedOf(samples)).toBeNull();
    samples = addSample(samples, { at: 1000, bytes: 1_000_000 });
    expect(speedOf(samples)).toBe(1_000_000);
    // Later the connection slows to 100 kB/s: the early fast second leaves the window.
    for (let at = 2000; at <= 12_000; at += 1000)
      samples = addSample(samples, { at, bytes: 1_000_000 + ((at - 1000) / 1000) * 100_000 });
    expect(samples[0]!.at).toBeGreaterThanOrEqual(12_000 - SPEED_WINDOW_MS - 1000);
    expect(speedOf(samples)).toBe(100_000);
  });

  it('estimates the time left from the speed, rounding up', () => {
    expect(secondsLeft(500, 2000, 400)).toBe(4);
    expect(secondsLeft(2000, 2000, 400)).toBe(0);
    expect(secondsLeft(0, 2000, null)).toBeNull();
    expect(secondsLeft(0, 2000, 0)).toBeNull();
  });
});
