import { describe, expect, it } from 'vitest';
import {
  GRID_PAGE_SIZE,
  MAX_SEARCH_MATCHES,
  SEARCH_PAGE_SIZE,
  clampPage,
  pageCount,
  pageSizeFor,
  pagerState,
  rangeOf,
  searchRangeKey,
} from './pagination.ts';

describe('page sizes', () => {
  it('uses 12 per grid page and 25 per search page', () => {
    expect(GRID_PAGE_SIZE).toBe(12);
    expect(SEARCH_PAGE_SIZE).toBe(25);
  });
  it.each(['grid', 'player', 'live', 'featured', 'embed-only'] as const)(
    'gives 12 for the %s layout',
    (layout) => {
      expect(pageSizeFor(layout)).toBe(12);
    },
  );
});

describe('pageCount', () => {
  describe('given 12 per page', () => {
    it('is 1 for an empty list', () => {
      expect(pageCount(0, 12)).toBe(1);
    });
    it('is 1 for exactly one full page', () => {
      expect(pageCount(12, 12)).toBe(1);
    });
    it('is 2 when one video spills over', () => {
      expect(pageCount(13, 12)).toBe(2);
    });
  });
  it('is 1 for nonsense input', () => {
    expect(pageCount(Number.NaN, 12)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(-4, 12)).toBe(1);
  });
});

describe('clampPage', () => {
  describe('given 5 pages', () => {
    it('is page 1 without reporting anything when absent or empty', () => {
      expect(clampPage(undefined, 5)).toEqual({ page: 1, outOfRange: false });
      expect(clampPage(null, 5)).toEqual({ page: 1, outOfRange: false });
      expect(clampPage('', 5)).toEqual({ page: 1, outOfRange: false });
    });
    it('accepts a page within range', () => {
      expect(clampPage('3', 5)).toEqual({ page: 3, outOfRange: false });
      expect(clampPage(' 5 ', 5)).toEqual({ page: 5, outOfRange: false });
      expect(clampPage(2, 5)).toEqual({ page: 2, outOfRange: false });
    });
    it('sends non-numeric values to page 1 and reports them', () => {
      expect(clampPage('abc', 5)).toEqual({ page: 1, outOfRange: true });
      expect(clampPage('2.5', 5)).toEqual({ page: 1, outOfRange: true });
      expect(clampPage('1e1', 5)).toEqual({ page: 1, outOfRange: true });
    });
    it('sends zero and negatives to page 1 and reports them', () => {
      expect(clampPage('0', 5)).toEqual({ page: 1, outOfRange: true });
      expect(clampPage('-2', 5)).toEqual({ page: 1, outOfRange: true });
    });
    it('sends pages beyond the end to the last page and reports them', () => {
      expect(clampPage('6', 5)).toEqual({ page: 5, outOfRange: true });
      expect(clampPage('99999999999999999999', 5)).toEqual({ page: 5, outOfRange: true });
    });
  });
  it('treats a count below 1 as a single page', () => {
    expect(clampPage('2', 0)).toEqual({ page: 1, outOfRange: true });
  });
});

describe('rangeOf', () => {
  describe('given 30 videos at 12 per page', () => {
    it('is 1 - 12 on page 1', () => {
      expect(rangeOf(1, 12, 30)).toEqual({ from: 1, to: 12, total: 30 });
    });
    it('is 13 - 24 on page 2', () => {
      expect(rangeOf(2, 12, 30)).toEqual({ from: 13, to: 24, total: 30 });
    });
    it('ends at the total on the last page', () => {
      expect(rangeOf(3, 12, 30)).toEqual({ from: 25, to: 30, total: 30 });
    });
    it('treats a page past the end as the last page', () => {
      expect(rangeOf(9, 12, 30)).toEqual({ from: 25, to: 30, total: 30 });
    });
  });
  it('is null for an empty list', () => {
    expect(rangeOf(1, 12, 0)).toBeNull();
  });
  it('is 1 - 1 of 1 for a single video', () => {
    expect(rangeOf(1, 12, 1)).toEqual({ from: 1, to: 1, total: 1 });
  });
});

describe('pagerState', () => {
  it('is hidden with a single page', () => {
    expect(pagerState(1, 1).visible).toBe(false);
  });
  describe('given 3 pages', () => {
    it('disables previous on page 1', () => {
      expect(pagerState(1, 3)).toEqual({
        visible: true,
        previousDisabled: true,
        nextDisabled: false,
      });
    });
    it('enables both in the middle', () => {
      expect(pagerState(2, 3)).toEqual({
        visible: true,
        previousDisabled: false,
        nextDisabled: false,
      });
    });
    it('disables next on the last page', () => {
      expect(pagerState(3, 3)).toEqual({
        visible: true,
        previousDisabled: false,
        nextDisabled: true,
      });
    });
  });
});

describe('searchRangeKey', () => {
  it('says a total at the search cap may stand for more', () => {
    expect(searchRangeKey(MAX_SEARCH_MATCHES)).toBe('rangeAtLeast');
    expect(searchRangeKey(MAX_SEARCH_MATCHES - 1)).toBe('range');
    expect(searchRangeKey(3)).toBe('range');
  });
});
