import { describe, expect, it } from 'vitest';
import { BadRequestError } from './badRequest.ts';
import { parsePaging } from './paging.ts';

const paging = (query: string) => parsePaging(new URLSearchParams(query));

describe('parsePaging', () => {
  it('defaults to page 1 of 25 and clamps per_page to 1–100', () => {
    expect(paging('')).toEqual({ page: 1, perPage: 25 });
    expect(paging('page=3&per_page=500')).toEqual({ page: 3, perPage: 100 });
    expect(paging('page=0&per_page=0')).toEqual({ page: 1, perPage: 1 });
    expect(paging('page=&per_page=%20')).toEqual({ page: 1, perPage: 25 });
  });

  it.each(['1e20', '99999999999999999999', '-1', '1.5', 'abc', '0x10', 'Infinity'])('refuses page=%s as a bad request', (value) => {
    expect(() => paging(`page=${encodeURIComponent(value)}`)).toThrow(BadRequestError);
    expect(() => paging(`per_page=${encodeURIComponent(value)}`)).toThrow(BadRequestError);
  });
});
