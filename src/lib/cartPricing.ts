/**
 * The pricing summary of a cart (SPEC §3 pricingInfo), computed on the server from each
 * line's original and discounted price. A cart may hold clips sold in several currencies:
 * nothing is converted; each currency is summed apart and paid at its own checkout.
 */
export interface PricedLine {
  originalMinor: number;
  /** What the line costs after its discount; equal to originalMinor when there is none. */
  discountedMinor: number;
}

export interface CartPricing {
  subtotalMinor: number;
  totalMinor: number;
  totalDiscountMinor: number;
  discountApplied: boolean;
}

export function priceCart(lines: readonly PricedLine[]): CartPricing {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.originalMinor, 0);
  // A discount never makes a line cost more, nor less than nothing.
  const totalMinor = lines.reduce(
    (sum, line) => sum + Math.max(0, Math.min(line.discountedMinor, line.originalMinor)),
    0,
  );
  const totalDiscountMinor = subtotalMinor - totalMinor;
  return { subtotalMinor, totalMinor, totalDiscountMinor, discountApplied: totalDiscountMinor > 0 };
}

export interface CurrencyLine extends PricedLine {
  currency: string;
}

/** One summary per currency, in the order the currencies first appear in the cart. */
export function priceByCurrency(
  lines: readonly CurrencyLine[],
): (CartPricing & { currency: string })[] {
  const currencies = [...new Set(lines.map((line) => line.currency))];
  return currencies.map((currency) => ({
    currency,
    ...priceCart(lines.filter((line) => line.currency === currency)),
  }));
}
