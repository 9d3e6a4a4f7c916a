import { describe, expect, it } from 'vitest';
import { cardImage, FIRST_ROW } from './cardImage.ts';

describe('a card picture', () => {
  it('loads the first row of a grid at once, the first card ahead of everything', () => {
    expect(cardImage(0, 'grid')).toMatchObject({ loading: 'eager', fetchpriority: 'high', decoding: 'async' });
    for (let i = 1; i < FIRST_ROW.grid; i++) expect(cardImage(i, 'grid')).toMatchObject({ loading: 'eager', fetchpriority: undefined });
  });

  it('waits until it nears the viewport below the first row', () => {
    expect(cardImage(FIRST_ROW.grid, 'grid')).toMatchObject({ loading: 'lazy', fetchpriority: undefined, decoding: 'async' });
    expect(cardImage(11, 'grid').loading).toBe('lazy');
    expect(cardImage(FIRST_ROW.row - 1, 'row').loading).toBe('eager');
    expect(cardImage(FIRST_ROW.row, 'row').loading).toBe('lazy');
  });

  it('of a list further down its page, or under a hero, never goes first', () => {
    expect(cardImage(null, 'grid')).toMatchObject({ loading: 'lazy', fetchpriority: undefined });
    expect(cardImage(0, 'grid', { belowHero: true })).toMatchObject({ loading: 'eager', fetchpriority: undefined });
  });

  it('names half the width of a phone, so a 2–3× phone takes the 640 w picture', () => {
    const phone = 390;
    const slot = (phone * Number(/^\(max-width: (\d+)px\) (\d+)vw/.exec(cardImage(0, 'grid').sizes)![2])) / 100;
    for (const dpr of [2, 3]) expect(slot * dpr).toBeLessThanOrEqual(640);
    expect(cardImage(0, 'row').sizes).toMatch(/^\(max-width: 767px\) 50vw/);
  });
});
