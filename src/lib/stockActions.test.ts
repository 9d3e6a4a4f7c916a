import { describe, expect, it } from 'vitest';
import { stockActions } from './stockActions.ts';

describe('stockActions', () => {
  const eligiblePro = { membershipType: 'pro', canReceiveFreeStock: true };

  it('offers Add to cart for a paid clip, even to a logged-out viewer', () => {
    expect(stockActions(false, null)).toEqual({ addToCart: true, addToAccount: false });
  });

  it('offers no Add to cart for a free clip', () => {
    expect(stockActions(true, eligiblePro).addToCart).toBe(false);
  });

  it('offers Add to account to a non-basic account eligible for free stock', () => {
    expect(stockActions(true, eligiblePro).addToAccount).toBe(true);
    expect(stockActions(false, eligiblePro)).toEqual({ addToCart: true, addToAccount: true });
  });

  it('never offers Add to account to a basic account, eligible or not', () => {
    expect(
      stockActions(true, { membershipType: 'basic', canReceiveFreeStock: true }).addToAccount,
    ).toBe(false);
  });

  it('never offers Add to account to an account without free-stock eligibility', () => {
    expect(
      stockActions(true, { membershipType: 'plus', canReceiveFreeStock: false }).addToAccount,
    ).toBe(false);
  });
});
