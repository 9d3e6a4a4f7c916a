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

/** Formatters by locale and currency, each built once: building one costs far more than a use. */
const formats = new Map<string, { format: Intl.NumberFormat; digits: number }>();

function priceFormat(
  locale: string,
  currency: string,
): { format: Intl.NumberFormat; digits: number } {
  const key = `${locale}\n${currency}`;
  let found = formats.get(key);
  if (!found) {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    found = {
      format: new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
      digits,
    };
    if (formats.size < 256) formats.set(key, found);
  }
  return found;
}

export function formatPrice({ minor, currency }: Money, locale: string): string {
  const { format, digits } = priceFormat(locale, currency);
  return format.format(minor / 10 ** digits);
}
