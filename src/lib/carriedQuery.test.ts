import { describe, expect, it } from 'vitest';
import { apiQuery, carriedQuery, isOffsite, withQuery } from './carriedQuery.ts';

describe('carriedQuery', () => {
  it('keeps the share hash, the offsite markers, the referrer and is_embed, in that order', () => {
    const params = new URLSearchParams(
      'page=3&is_embed=1&referrer=https://partner.test/films&video=9&offsite=redirect&app=showcase&sh=d1r3ct0rs',
    );
    expect(carriedQuery(params)).toEqual({
      sh: 'd1r3ct0rs',
      app: 'showcase',
      offsite: 'redirect',
      referrer: 'https://partner.test/films',
      is_embed: '1',
    });
    expect(Object.keys(carriedQuery(params))).toEqual([
      'sh',
      'app',
      'offsite',
      'referrer',
      'is_embed',
    ]);
  });

  it('leaves page, video and unknown parameters behind', () => {
    expect(carriedQuery(new URLSearchParams('page=2&video=4&preview=true&utm_source=x'))).toEqual(
      {},
    );
  });

  it('drops values of the wrong shape', () => {
    const params = new URLSearchParams({
      sh: 'a b',
      app: 'mobile',
      offsite: 'yes',
      is_embed: 'true',
      referrer: 'https://x.test/\n',
    });
    expect(carriedQuery(params)).toEqual({});
    expect(carriedQuery(new URLSearchParams({ referrer: 'x'.repeat(2049) }))).toEqual({});
  });
});

describe('isOffsite', () => {
  it('is true for app=showcase, offsite=redirect and is_embed=1 only', () => {
    expect(isOffsite({ app: 'showcase' })).toBe(true);
    expect(isOffsite({ offsite: 'redirect' })).toBe(true);
    expect(isOffsite({ is_embed: '1' })).toBe(true);
    expect(isOffsite({ sh: 'abc', referrer: 'https://partner.test/' })).toBe(false);
    expect(isOffsite({})).toBe(false);
  });
});

describe('withQuery', () => {
  it('appends the parts in order and leaves out empty values', () => {
    expect(
      withQuery(
        '/showcase/1',
        { sh: 'abc', referrer: 'https://p.test/a?b=1' },
        { page: '2', video: null },
      ),
    ).toBe('/showcase/1?sh=abc&referrer=https%3A%2F%2Fp.test%2Fa%3Fb%3D1&page=2');
  });

  it('returns the bare path when there is nothing to add', () => {
    expect(withQuery('/showcase/1', {}, { page: undefined })).toBe('/showcase/1');
  });

  it('extends a path that already has a query', () => {
    expect(withQuery('/search?q=cats', { sh: 'abc' })).toBe('/search?q=cats&sh=abc');
  });
});

describe('apiQuery', () => {
  it('passes the share hash, the referrer and is_embed to the API, not the offsite markers', () => {
    expect(
      apiQuery({
        sh: 'abc',
        app: 'showcase',
        offsite: 'redirect',
        referrer: 'https://p.test/',
        is_embed: '1',
      }),
    ).toEqual({ sh: 'abc', referrer: 'https://p.test/', is_embed: '1' });
    expect(apiQuery({ app: 'showcase' })).toEqual({});
  });
});
