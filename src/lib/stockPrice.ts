/**
 * Stock prices (SPEC §3 cart response): integers in the minor units of their currency,
 * shown per locale through Intl. The minor-unit exponent is the currency's own (2 for USD
 * and EUR, 0 for JPY), read from Intl rather than assumed.
 */
export interface Money {
  /** Minor units: cents for USD, yen for JPY. */
  minor: number;
  /** ISO 4217 code. */
  currency: string;
}

function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatPrice({ minor, currency }: Money, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
}
