import { describe, expect, it } from 'vitest';
import { cardImage } from './cardImage.ts';

describe('a card picture', () => {
  it('loads the first card of a grid at once, ahead of everything', () => {
    expect(cardImage(0, 'grid')).toMatchObject({
      loading: 'eager',
      fetchpriority: 'high',
      decoding: 'async',
    });
  });

  it('leaves every other card to load when it nears the viewport, the rest of the first row included', () => {
    for (const i of [1, 4, 11])
      expect(cardImage(i, 'grid')).toMatchObject({
        loading: 'lazy',
        fetchpriority: undefined,
        decoding: 'async',
      });
    for (const i of [0, 6]) expect(cardImage(i, 'row', { belowHero: true }).loading).toBe('lazy');
  });

  it('of a list further down its page, or under a hero, never goes first', () => {
    expect(cardImage(null, 'grid')).toMatchObject({ loading: 'lazy', fetchpriority: undefined });
    expect(cardImage(0, 'grid', { belowHero: true })).toMatchObject({
      loading: 'lazy',
      fetchpriority: undefined,
    });
  });

  it('names half the width of a phone, so a 2–3× phone takes the 640 w picture', () => {
    const phone = 390;
    const slot =
      (phone * Number(/^\(max-width: (\d+)px\) (\d+)vw/.exec(cardImage(0, 'grid').sizes)![2])) /
      100;
    for (const dpr of [2, 3]) expect(slot * dpr).toBeLessThanOrEqual(640);
    expect(cardImage(0, 'row').sizes).toMatch(/^\(max-width: 767px\) 50vw/);
  });
});
