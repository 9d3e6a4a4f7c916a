import { describe, expect, it } from 'vitest';
import { libraryHref, parseLibraryQuery } from './libraryQuery.ts';

describe('library query', () => {
  it('reads text, filters and page, and drops what it does not know', () => {
    expect(
      parseLibraryQuery(
        new URLSearchParams('q=%20reel%20&privacy=unlisted&status=ready&folder=7&page=3'),
      ),
    ).toEqual({ text: 'reel', privacy: 'unlisted', status: 'ready', folder: 7, page: 3 });
    expect(
      parseLibraryQuery(new URLSearchParams('privacy=secret&status=lost&folder=x&page=0')),
    ).toEqual({
      text: '',
      privacy: null,
      status: null,
      folder: null,
      page: 1,
    });
    expect(parseLibraryQuery(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes the address of another page of the same listing', () => {
    const query = parseLibraryQuery(new URLSearchParams('q=reel&privacy=nobody'));
    expect(libraryHref(query, 2)).toBe('?q=reel&privacy=nobody&page=2');
    const filed = parseLibraryQuery(new URLSearchParams('folder=4'));
    expect(libraryHref(filed, 1)).toBe('?folder=4');
    expect(libraryHref(parseLibraryQuery(new URLSearchParams('')), 1)).toBe('');
  });
});
