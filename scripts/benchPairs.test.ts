import { describe, expect, it } from 'vitest';
import { inTurns, medianRatio } from './benchPairs.ts';

describe('ratios measured in turns', () => {
  it('is the median of the rounds’ ratios, so one round under a passing load does not decide it', () => {
    expect(
      medianRatio([
        { measured: 300, baseline: 1000 },
        { measured: 450, baseline: 900 },
        { measured: 200, baseline: 400 },
      ]),
    ).toBe(0.5);
    expect(medianRatio([{ measured: 1, baseline: 3 }])).toBe(0.33);
  });

  it('measures the two sides one after the other, round after round', async () => {
    const order: string[] = [];
    const rounds = await inTurns(
      async () => (order.push('measured'), order.length),
      async () => (order.push('baseline'), 10),
      2,
    );
    expect(order).toEqual(['measured', 'baseline', 'measured', 'baseline']);
    expect(rounds).toEqual([
      { measured: 1, baseline: 10 },
      { measured: 3, baseline: 10 },
    ]);
  });
});
