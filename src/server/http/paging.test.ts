import { describe, expect, it } from 'vitest';
import { BadRequestError } from './badRequest.ts';
import { listEnvelope, parsePaging } from './paging.ts';

const paging = (query: string) => parsePaging(new URLSearchParams(query));

describe('parsePaging', () => {
  it('defaults to page 1 of 25 and clamps per_page to 1–100', () => {
    expect(paging('')).toEqual({ page: 1, perPage: 25 });
    expect(paging('page=3&per_page=500')).toEqual({ page: 3, perPage: 100 });
    expect(paging('page=0&per_page=0')).toEqual({ page: 1, perPage: 1 });
    expect(paging('page=&per_page=%20')).toEqual({ page: 1, perPage: 25 });
  });

  it.each(['1e20', '99999999999999999999', '-1', '1.5', 'abc', '0x10', 'Infinity'])(
    'refuses page=%s as a bad request',
    (value) => {
      expect(() => paging(`page=${encodeURIComponent(value)}`)).toThrow(BadRequestError);
      expect(() => paging(`per_page=${encodeURIComponent(value)}`)).toThrow(BadRequestError);
    },
  );
});

describe('listEnvelope', () => {
  it('links the pages as paths of the API origin, keeping the query', () => {
    const url = new URL(
      'http://127.0.0.1:4322/api/users/3/albums?sort=date&page=2&per_page=2&page=2',
    );
    expect(listEnvelope(url, { page: 2, perPage: 2 }, 5, ['c', 'd'])).toEqual({
      total: 5,
      page: 2,
      per_page: 2,
      paging: {
        next: '/users/3/albums?sort=date&page=3&per_page=2',
        previous: '/users/3/albums?sort=date&page=1&per_page=2',
        first: '/users/3/albums?sort=date&page=1&per_page=2',
        last: '/users/3/albums?sort=date&page=3&per_page=2',
      },
      data: ['c', 'd'],
    });
  });

  it('has one page, and no next or previous, when the list is empty', () => {
    const { paging } = listEnvelope(
      new URL('http://localhost/api/me/videos'),
      { page: 1, perPage: 25 },
      0,
      [],
    );
    expect(paging).toEqual({
      next: null,
      previous: null,
      first: '/me/videos?page=1&per_page=25',
      last: '/me/videos?page=1&per_page=25',
    });
  });
});
