/**
 * The pricing summary of a cart (SPEC §3 pricingInfo), computed on the server from each
 * line's original and discounted price, all in the cart's one currency (src/server/stock/cart.ts).
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
