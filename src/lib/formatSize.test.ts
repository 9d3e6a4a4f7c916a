import { describe, expect, it } from 'vitest';
import { formatSize, sizeParts } from './formatSize.ts';

const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe('sizeParts', () => {
  describe('given sizes below one kilobyte', () => {
    it('keeps bytes', () => {
      expect(sizeParts(0)).toEqual({ value: 0, unit: 'B' });
      expect(sizeParts(1023)).toEqual({ value: 1023, unit: 'B' });
    });
  });

  describe('given KB and MB sizes', () => {
    it('switches unit at exactly 1024', () => {
      expect(sizeParts(KB)).toEqual({ value: 1, unit: 'KB' });
      expect(sizeParts(MB)).toEqual({ value: 1, unit: 'MB' });
    });
    it('shows whole numbers, rounded to nearest', () => {
      expect(sizeParts(1.4 * KB)).toEqual({ value: 1, unit: 'KB' });
      expect(sizeParts(1.6 * MB)).toEqual({ value: 2, unit: 'MB' });
    });
    it('promotes to the next unit instead of printing 1024', () => {
      expect(sizeParts(1023.7 * KB)).toEqual({ value: 1, unit: 'MB' });
    });
  });

  describe('given GB and TB sizes', () => {
    it('shows one decimal when the fraction is at least 0.1', () => {
      expect(sizeParts(1.5 * GB)).toEqual({ value: 1.5, unit: 'GB' });
      expect(sizeParts(2.1 * TB)).toEqual({ value: 2.1, unit: 'TB' });
    });
    it('shows a whole number when the fraction is below 0.1', () => {
      expect(sizeParts(1.09 * GB)).toEqual({ value: 1, unit: 'GB' });
      expect(sizeParts(3 * TB)).toEqual({ value: 3, unit: 'TB' });
    });
    it('rounds a fraction like .96 up to the whole number', () => {
      expect(sizeParts(1.96 * GB)).toEqual({ value: 2, unit: 'GB' });
    });
    it('stays in TB for very large sizes', () => {
      expect(sizeParts(2048 * TB)).toEqual({ value: 2048, unit: 'TB' });
    });
  });

  describe('given an unusable value', () => {
    it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('treats %s as 0 B', (bytes) => {
      expect(sizeParts(bytes)).toEqual({ value: 0, unit: 'B' });
    });
  });
});

describe('formatSize', () => {
  it('uses the English decimal point for en', () => {
    expect(formatSize(1.5 * GB, 'en')).toBe('1.5 GB');
  });
  it('uses the German decimal comma for de-DE', () => {
    expect(formatSize(1.5 * GB, 'de-DE')).toBe('1,5 GB');
  });
  it('never prints a trailing .0', () => {
    expect(formatSize(5 * GB, 'en')).toBe('5 GB');
  });
  it('groups thousands per locale', () => {
    expect(formatSize(2048 * TB, 'en')).toBe('2,048 TB');
    expect(formatSize(2048 * TB, 'de-DE')).toBe('2.048 TB');
  });
  it('falls back to English formatting for an invalid locale tag', () => {
    expect(formatSize(1.5 * GB, 'not a locale!')).toBe('1.5 GB');
  });
  it('formats bytes', () => {
    expect(formatSize(500, 'en')).toBe('500 B');
  });
});
