import { describe, expect, it } from 'vitest';
import { SORTS } from './domain.ts';
import { SORT_MAP, isSort, parseSort } from './sortMap.ts';

describe('SORT_MAP', () => {
  it('covers every sort of the vocabulary', () => {
    expect(Object.keys(SORT_MAP).sort()).toEqual([...SORTS].sort());
  });
  it('orders alphabetical by name ascending', () => {
    expect(SORT_MAP.alphabetical).toEqual({ by: 'name', direction: 'asc' });
  });
  it('orders newest by date descending and oldest by date ascending', () => {
    expect(SORT_MAP.newest).toEqual({ by: 'date', direction: 'desc' });
    expect(SORT_MAP.oldest).toEqual({ by: 'date', direction: 'asc' });
  });
  it.each(['likes', 'plays', 'comments'] as const)('orders %s descending', (sort) => {
    expect(SORT_MAP[sort]).toEqual({ by: sort, direction: 'desc' });
  });
  it('orders arranged by manual position', () => {
    expect(SORT_MAP.arranged).toEqual({ by: 'position', direction: 'asc' });
  });
  it('orders added_first by added time ascending and added_last descending', () => {
    expect(SORT_MAP.added_first).toEqual({ by: 'added', direction: 'asc' });
    expect(SORT_MAP.added_last).toEqual({ by: 'added', direction: 'desc' });
  });
});

describe('parseSort', () => {
  describe('given a fallback of arranged', () => {
    it('accepts a known sort', () => {
      expect(parseSort('likes', 'arranged')).toBe('likes');
    });
    it('trims surrounding whitespace', () => {
      expect(parseSort(' newest ', 'arranged')).toBe('newest');
    });
    it('falls back when absent', () => {
      expect(parseSort(undefined, 'arranged')).toBe('arranged');
    });
    it.each(['', 'Likes', 'random', 'toString', '__proto__'])('falls back for %j', (raw) => {
      expect(parseSort(raw, 'arranged')).toBe('arranged');
    });
  });
});

describe('isSort', () => {
  it('rejects non-strings', () => {
    expect(isSort(3)).toBe(false);
    expect(isSort(null)).toBe(false);
  });
});
