import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration.ts';

describe('formatDuration', () => {
  describe('given a duration under one hour', () => {
    it('pads seconds-only durations to mm:ss', () => {
      expect(formatDuration(7)).toBe('00:07');
    });
    it('pads minutes and seconds to two digits', () => {
      expect(formatDuration(245)).toBe('04:05');
    });
    it('shows the last second before an hour as 59:59', () => {
      expect(formatDuration(3599)).toBe('59:59');
    });
    it('drops fractional seconds rather than rounding up', () => {
      expect(formatDuration(59.9)).toBe('00:59');
    });
  });

  describe('given a duration of one hour or more', () => {
    it('switches to hh:mm:ss at exactly one hour', () => {
      expect(formatDuration(3600)).toBe('01:00:00');
    });
    it('pads every field', () => {
      expect(formatDuration(3725)).toBe('01:02:05');
    });
    it('lets hours grow past 99', () => {
      expect(formatDuration(100 * 3600 + 1)).toBe('100:00:01');
    });
  });

  describe('given an unusable value', () => {
    it.each([-5, Number.NaN, Number.POSITIVE_INFINITY, 0])('shows 00:00 for %s', (value) => {
      expect(formatDuration(value)).toBe('00:00');
    });
  });
});
