import { describe, expect, it } from 'vitest';
import { isoDuration } from './isoDuration.ts';

describe('isoDuration', () => {
  it.each([
    [65, 'PT1M5S'],
    [5, 'PT5S'],
    [60, 'PT1M'],
    [3600, 'PT1H'],
    [3725, 'PT1H2M5S'],
    [3605, 'PT1H5S'],
    [90_000, 'PT25H'],
    [64.6, 'PT1M5S'],
  ])('writes %s seconds as %s', (seconds, expected) => {
    expect(isoDuration(seconds)).toBe(expected);
  });

  it.each([0, -4, Number.NaN, Number.POSITIVE_INFINITY])(
    'writes an unusable length (%s) as zero seconds',
    (seconds) => {
      expect(isoDuration(seconds)).toBe('PT0S');
    },
  );
});
