/**
 * The studio's analytics pages (docs/analytics.md): the period asked for, the days it spans
 * with a row for each (a day nobody played shows as zero), the geometry of their small SVG
 * charts, and the CSV of their daily rows.
 */

/** The periods a page offers, in days; the first is the default. */
export const ANALYTICS_PERIODS = [30, 7, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The period of a `days` query parameter, the default for anything else. */
export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return ANALYTICS_PERIODS.find((period) => period === days) ?? ANALYTICS_PERIODS[0];
}

/** The UTC days of the period ending `today` (`YYYY-MM-DD`), oldest first. */
export function periodDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One row per day of the period, the stored row or `empty(day)`. */
export function everyDay<T extends { day: string }>(
  rows: readonly T[],
  days: readonly string[],
  empty: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? empty(day));
}

/** A source (referring site or country) and the plays or visits it brought over the period. */
export interface SourceCount {
  value: string;
  count: number;
}

/** The sum of one field over rows. */
export function total<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + value(row), 0);
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawing box of every chart, in SVG user units; it scales to the page's width. */
export const CHART = { width: 600, height: 160 } as const;

/**
 * Bars of `values` side by side across the chart, the largest reaching its top; a value of
 * zero draws nothing. `max` is the top's value, for the axis label.
 */
export function barChart(values: readonly number[], top?: number): { bars: Bar[]; max: number } {
  const max = Math.max(top ?? 0, ...values, 0);
  const slot = CHART.width / Math.max(values.length, 1);
  const gap = slot > 4 ? Math.min(slot * 0.2, 4) : 0;
  const bars = values.map((value, i) => {
    const height = max > 0 ? (value / max) * CHART.height : 0;
    return {
      x: round(i * slot + gap / 2),
      y: round(CHART.height - height),
      width: round(slot - gap),
      height: round(height),
    };
  });
  return { bars, max };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A cell of a CSV line: quoted when it holds a separator, quote or line break. */
function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text of a header and its rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The day with the most of a value, the earliest of equals; null when every day had none. */
export function busiestDay<T extends { day: string }>(
  rows: readonly T[],
  value: (row: T) => number,
): { day: string; count: number } | null {
  let best: { day: string; count: number } | null = null;
  for (const row of rows) {
    const count = value(row);
    if (count > 0 && (best === null || count > best.count)) best = { day: row.day, count };
  }
  return best;
}
