import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_VIDEO_SORTS,
  ALBUM_SORTS,
  parseListSort,
  SHOWCASE_VIDEO_SORTS,
} from './vimeoSort.ts';

const parse = (query: string) => parseListSort(new URLSearchParams(query), SHOWCASE_VIDEO_SORTS);

describe('parseListSort over the videos of a showcase', () => {
  it("keeps the list's own order for no sort, a blank one or default", () => {
    expect(parse('')).toEqual({ order: null });
    expect(parse('sort=%20')).toEqual({ order: null });
    expect(parse('sort=default&direction=asc')).toEqual({ order: null });
  });

  it("orders Vimeo's sorts in their usual direction", () => {
    expect(parse('sort=date')).toEqual({ order: { by: 'date', direction: 'desc' } });
    expect(parse('sort=alphabetical')).toEqual({ order: { by: 'name', direction: 'asc' } });
    expect(parse('sort=plays')).toEqual({ order: { by: 'plays', direction: 'desc' } });
    expect(parse('sort=manual')).toEqual({ order: { by: 'position', direction: 'asc' } });
    expect(parse('sort=duration')).toEqual({ order: { by: 'duration', direction: 'desc' } });
  });

  it('turns an order round when a direction is given', () => {
    expect(parse('sort=date&direction=asc')).toEqual({ order: { by: 'date', direction: 'asc' } });
    expect(parse('sort=alphabetical&direction=desc')).toEqual({
      order: { by: 'name', direction: 'desc' },
    });
  });

  it("still takes the showcase sorts the site's islands send", () => {
    expect(parse('sort=newest')).toEqual({ order: { by: 'date', direction: 'desc' } });
    expect(parse('sort=arranged')).toEqual({ order: { by: 'position', direction: 'asc' } });
    expect(parse('sort=added_last')).toEqual({ order: { by: 'added', direction: 'desc' } });
  });

  it('refuses an unknown sort, naming the ones it takes', () => {
    const answer = parse('sort=random');
    expect(answer).toMatchObject({ error: { parameter: 'sort', value: 'random' } });
    expect('error' in answer && answer.error.allowed).toContain('date');
  });

  it('refuses names that only look like sorts', () => {
    expect(parse('sort=toString')).toMatchObject({ error: { parameter: 'sort' } });
    expect(parse('sort=DATE')).toMatchObject({ error: { parameter: 'sort' } });
  });

  it('refuses a direction other than asc or desc', () => {
    expect(parse('sort=date&direction=up')).toEqual({
      error: { parameter: 'direction', value: 'up', allowed: ['asc', 'desc'] },
    });
  });
});

describe("parseListSort over an account's videos and albums", () => {
  it('has no manual order for videos outside a showcase', () => {
    expect(parseListSort(new URLSearchParams('sort=manual'), ACCOUNT_VIDEO_SORTS)).toMatchObject({
      error: { parameter: 'sort', value: 'manual' },
    });
  });

  it('orders albums by their number of videos', () => {
    expect(parseListSort(new URLSearchParams('sort=videos&direction=asc'), ALBUM_SORTS)).toEqual({
      order: { by: 'videos', direction: 'asc' },
    });
    expect(parseListSort(new URLSearchParams('sort=plays'), ALBUM_SORTS)).toMatchObject({
      error: { parameter: 'sort' },
    });
  });
});
