import { describe, expect, it } from 'vitest';
import { priceCart } from './cartPricing.ts';

describe('priceCart', () => {
  it('is all zeros for an empty cart, with no discount applied', () => {
    expect(priceCart([])).toEqual({
      subtotalMinor: 0,
      totalMinor: 0,
      totalDiscountMinor: 0,
      discountApplied: false,
    });
  });

  it('adds original prices into the subtotal and discounted prices into the total', () => {
    const pricing = priceCart([
      { originalMinor: 7900, discountedMinor: 5900 },
      { originalMinor: 4900, discountedMinor: 4900 },
    ]);
    expect(pricing).toEqual({
      subtotalMinor: 12800,
      totalMinor: 10800,
      totalDiscountMinor: 2000,
      discountApplied: true,
    });
  });

  it('never lets a line cost more than its original price or less than nothing', () => {
    const pricing = priceCart([
      { originalMinor: 1000, discountedMinor: 1500 },
      { originalMinor: 1000, discountedMinor: -200 },
    ]);
    expect(pricing).toEqual({
      subtotalMinor: 2000,
      totalMinor: 1000,
      totalDiscountMinor: 1000,
      discountApplied: true,
    });
  });
});
