/**
 * Human-readable storage sizes for the quota widget (SPEC §9: "Sizes in B, KB, MB, GB,
 * TB dividing by 1024, one decimal when GB/TB fraction ≥0.1").
 *
 * B, KB and MB are shown as whole numbers (rounded to nearest). GB and TB show one
 * decimal only when the fractional part is at least 0.1, so 1.05 GB reads '1 GB' and
 * 1.5 GB reads '1.5 GB'. When rounding would print 1024 of a unit, the next unit is used
 * instead ('1 MB', never '1024 KB'). The unit's name and its place are the locale's, through
 * Intl's unit style: '1,5 GB' in German, '513 ko' in French, '2GB' in Korean. Bytes are
 * written out ('500 bytes', '0 octet', '500 バイト'): the short name CLDR gives them in
 * English and Japanese is 'byte' whatever the number ('0 byte', '500 byte').
 */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
type SizeUnit = (typeof SIZE_UNITS)[number];

export interface SizeParts {
  /** Already rounded for display: an integer, or one decimal for GB/TB. */
  value: number;
  unit: SizeUnit;
}

const STEP = 1024;

function roundForUnit(value: number, unit: SizeUnit): number {
  if (unit !== 'GB' && unit !== 'TB') return Math.round(value);
  const whole = Math.floor(value);
  // Fractions under 0.1 are dropped rather than rounded (SPEC §9).
  if (value - whole < 0.1) return whole;
  return Math.round(value * 10) / 10;
}

export function sizeParts(bytes: number): SizeParts {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let index = 0;
  while (value >= STEP && index < SIZE_UNITS.length - 1) {
    value /= STEP;
    index += 1;
  }
  let unit: SizeUnit = SIZE_UNITS[index] ?? 'B';
  let rounded = roundForUnit(value, unit);
  // 1023.7 KB would round to '1024 KB'; promote it to the next unit instead.
  if (rounded >= STEP && index < SIZE_UNITS.length - 1) {
    index += 1;
    unit = SIZE_UNITS[index] ?? 'TB';
    rounded = roundForUnit(rounded / STEP, unit);
  }
  return { value: rounded, unit };
}

/** Intl's sanctioned unit for each of SPEC §9's units. */
const INTL_UNITS: Record<SizeUnit, string> = {
  B: 'byte',
  KB: 'kilobyte',
  MB: 'megabyte',
  GB: 'gigabyte',
  TB: 'terabyte',
};

/**
 * Formatters by locale and unit: building one costs some seventy times a use, and a video view
 * writes a size per download quality and quota figure.
 */
const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string, unit: SizeUnit): Intl.NumberFormat {
  const key = `${locale}\n${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = newUnitFormat(locale, unit);
    // Locales come from the eight the site speaks, or an API caller's tag: bounded, but not by us.
    if (formats.size < 256) formats.set(key, format);
  }
  return format;
}

function newUnitFormat(locale: string, unit: SizeUnit): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit: INTL_UNITS[unit],
    unitDisplay: unit === 'B' ? 'long' : 'short',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // An invalid tag must not break a page; fall back to English.
    return new Intl.NumberFormat('en', options);
  }
}

/** formatSize(1.5 * 1024 ** 3, 'de-DE') → '1,5 GB'; formatSize(513 * 1024, 'fr-FR') → '513 ko'. */
export function formatSize(bytes: number, locale: string): string {
  const { value, unit } = sizeParts(bytes);
  return unitFormat(locale, unit).format(value);
}
