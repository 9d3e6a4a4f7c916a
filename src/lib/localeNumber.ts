/**
 * Numbers on screen as the page's locale writes them (CONVENTIONS: numbers through Intl, never
 * concatenation): '20,000' in English, '20.000' in German, '20 000' in French.
 */

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale);
    } catch {
      // An invalid tag must not break a page; fall back to English.
      format = new Intl.NumberFormat('en');
    }
    formats.set(locale, format);
  }
  return format;
}

/** formatCount(20000, 'de-DE') → '20.000'. */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

export type RangeNumbers<T> = { from: T; to: T; total: T };

/** The numbers of a range label ('{from} - {to} of {total}'), each as the locale writes it. */
export function rangeNumbers(range: RangeNumbers<number>, locale: string): RangeNumbers<string> {
  return {
    from: formatCount(range.from, locale),
    to: formatCount(range.to, locale),
    total: formatCount(range.total, locale),
  };
}
