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

/** ICU spaces a number from its unit with a no-break or narrow no-break space in some locales. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatSize', () => {
  it('never prints a trailing .0', () => {
    expect(formatSize(5 * GB, 'en')).toBe('5 GB');
  });
  it('writes bytes out, in the number the count asks for', () => {
    expect(formatSize(0, 'en')).toBe('0 bytes');
    expect(formatSize(1, 'en')).toBe('1 byte');
    expect(plain(formatSize(0, 'fr-FR'))).toBe('0 octet');
    expect(plain(formatSize(2, 'fr-FR'))).toBe('2 octets');
  });
  it('falls back to English formatting for an invalid locale tag', () => {
    expect(formatSize(1.5 * GB, 'not a locale!')).toBe('1.5 GB');
  });

  describe.each([
    // locale, 500 B, 513 KB, 24 MB, 1.5 GB, 2048 TB
    ['en', '500 bytes', '513 kB', '24 MB', '1.5 GB', '2,048 TB'],
    ['es', '500 bytes', '513 kB', '24 MB', '1,5 GB', '2048 TB'],
    ['de-DE', '500 Byte', '513 kB', '24 MB', '1,5 GB', '2.048 TB'],
    ['fr-FR', '500 octets', '513 ko', '24 Mo', '1,5 Go', '2 048 To'],
    ['ja-JP', '500 バイト', '513 KB', '24 MB', '1.5 GB', '2,048 TB'],
    ['ko-KR', '500바이트', '513kB', '24MB', '1.5GB', '2,048TB'],
    ['pt-BR', '500 bytes', '513 kB', '24 MB', '1,5 GB', '2.048 TB'],
    ['zh-CN', '500字节', '513 kB', '24 MB', '1.5 GB', '2,048 TB'],
  ])('in %s', (locale, bytes, kilobytes, megabytes, gigabytes, terabytes) => {
    it('names bytes and kilobytes as the locale does', () => {
      expect(plain(formatSize(500, locale))).toBe(bytes);
      expect(plain(formatSize(513 * KB, locale))).toBe(kilobytes);
    });
    it('names megabytes as the locale does', () => {
      expect(plain(formatSize(24 * MB, locale))).toBe(megabytes);
    });
    it("keeps one decimal of a gigabyte in the locale's decimal separator", () => {
      expect(plain(formatSize(1.5 * GB, locale))).toBe(gigabytes);
    });
    it('groups thousands of terabytes as the locale does', () => {
      expect(plain(formatSize(2048 * TB, locale))).toBe(terabytes);
    });
  });
});
