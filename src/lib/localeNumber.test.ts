import { describe, expect, it } from 'vitest';
import { formatCount, rangeNumbers } from './localeNumber.ts';

/** ICU groups French thousands with a narrow no-break space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('rangeNumbers', () => {
  describe.each([
    ['en', '1,201', '20,000'],
    ['es', '1201', '20.000'],
    ['de-DE', '1.201', '20.000'],
    ['fr-FR', '1 201', '20 000'],
    ['ja-JP', '1,201', '20,000'],
    ['ko-KR', '1,201', '20,000'],
    ['pt-BR', '1.201', '20.000'],
    ['zh-CN', '1,201', '20,000'],
  ])('in %s', (locale, from, total) => {
    it('writes each number of page 101 of 20,000 videos as the locale does', () => {
      const numbers = rangeNumbers({ from: 1201, to: 1212, total: 20_000 }, locale);
      expect({
        from: plain(numbers.from),
        to: plain(numbers.to),
        total: plain(numbers.total),
      }).toEqual({ from, to: from.replace('201', '212'), total });
    });
    it('leaves small numbers as they are', () => {
      expect(rangeNumbers({ from: 1, to: 12, total: 34 }, locale)).toEqual({
        from: '1',
        to: '12',
        total: '34',
      });
    });
  });
});

describe('formatCount', () => {
  it('falls back to English for an invalid locale tag', () => {
    expect(formatCount(20_000, 'not a locale!')).toBe('20,000');
  });
});
