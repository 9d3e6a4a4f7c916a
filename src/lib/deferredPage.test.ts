import { describe, expect, it } from 'vitest';
import { inPageOrder, pagesOverMemberships, pageWindow } from './deferredPage.ts';
import { SORT_MAP } from './sortMap.ts';

describe('pageWindow', () => {
  it('skips the rows of the earlier pages', () => {
    expect(pageWindow(1, 12)).toEqual({ limit: 12, offset: 0 });
    expect(pageWindow(2, 12)).toEqual({ limit: 12, offset: 12 });
    expect(pageWindow(800, 12)).toEqual({ limit: 12, offset: 9_588 });
  });

  it('reads a page below 1, or no page at all, as the first', () => {
    expect(pageWindow(0, 25)).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow(-3, 25)).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow(Number.NaN, 25)).toEqual({ limit: 25, offset: 0 });
  });

  it('counts whole pages and rows only', () => {
    expect(pageWindow(2.7, 10.5)).toEqual({ limit: 10, offset: 10 });
  });
});

describe('inPageOrder', () => {
  const page = [
    { id: 30, position: 1 },
    { id: 10, position: 2 },
    { id: 20, position: 3 },
  ];

  it('puts rows back in the order the ids were paged in, whatever order they came in', () => {
    const rows = [{ vid: 10 }, { vid: 20 }, { vid: 30 }];
    expect(inPageOrder(page, rows, (r) => r.vid).map(([p, r]) => [p.position, r.vid])).toEqual([
      [1, 30],
      [2, 10],
      [3, 20],
    ]);
  });

  it('drops an id whose row is gone', () => {
    expect(inPageOrder(page, [{ vid: 20 }, { vid: 30 }], (r) => r.vid).map(([p]) => p.id)).toEqual([
      30, 20,
    ]);
  });

  it('gives nothing for an empty page', () => {
    expect(inPageOrder([], [{ vid: 1 }], (r) => r.vid)).toEqual([]);
  });
});

describe('pagesOverMemberships', () => {
  it('pages the arranged and added orders over the memberships, either way round', () => {
    expect(pagesOverMemberships(SORT_MAP.arranged, undefined)).toBe(true);
    expect(pagesOverMemberships(SORT_MAP.added_first, undefined)).toBe(true);
    expect(pagesOverMemberships(SORT_MAP.added_last, undefined)).toBe(true);
    expect(pagesOverMemberships({ by: 'position', direction: 'desc' }, undefined)).toBe(true);
  });

  it('reads the videos for an order of theirs or a filter on them', () => {
    for (const sort of [
      'alphabetical',
      'newest',
      'oldest',
      'likes',
      'plays',
      'comments',
    ] as const) {
      expect(pagesOverMemberships(SORT_MAP[sort], undefined)).toBe(false);
    }
    expect(pagesOverMemberships(SORT_MAP.arranged, 'playable')).toBe(false);
  });
});
