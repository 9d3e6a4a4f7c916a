import { describe, expect, it } from 'vitest';
import { checkReorder, moveInOrder } from './showcaseOrder.ts';

describe('moveInOrder', () => {
  const order = [10, 20, 30, 40];

  it('moves a video up, down and to the top', () => {
    expect(moveInOrder(order, 30, 'up')).toEqual([10, 30, 20, 40]);
    expect(moveInOrder(order, 20, 'down')).toEqual([10, 30, 20, 40]);
    expect(moveInOrder(order, 40, 'top')).toEqual([40, 10, 20, 30]);
  });

  it('leaves the order alone at the ends and for unknown ids', () => {
    expect(moveInOrder(order, 10, 'up')).toEqual(order);
    expect(moveInOrder(order, 40, 'down')).toEqual(order);
    expect(moveInOrder(order, 99, 'top')).toEqual(order);
  });
});

describe('checkReorder', () => {
  it('accepts any permutation of the same videos', () => {
    expect(checkReorder([1, 2, 3], [3, 1, 2])).toEqual({ ok: true });
  });

  it('refuses unknown ids, repeats and left-out videos', () => {
    expect(checkReorder([1, 2, 3], [3, 1, 4])).toEqual({ ok: false, reason: 'unknown' });
    expect(checkReorder([1, 2, 3], [3, 1, 1])).toEqual({ ok: false, reason: 'repeated' });
    expect(checkReorder([1, 2, 3], [3, 1])).toEqual({ ok: false, reason: 'missing' });
  });
});
