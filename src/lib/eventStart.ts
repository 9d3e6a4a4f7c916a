/**
 * A live event's start (and a past broadcast's span) as a reader of the page's language expects it, in the event's own time
 * zone, whose name is written out: the server renders it, and the live island formats a new
 * start the same way (Intl, no i18n runtime in the browser).
 */

const OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'long',
};

/** An unknown zone (a bad row) falls back to UTC rather than failing the page. */
function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...OPTIONS, timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, { ...OPTIONS, timeZone: 'UTC' });
  }
}

export function formatEventStart(
  startTime: string | Date,
  locale: string,
  timeZone: string,
): string {
  return formatter(locale, timeZone).format(new Date(startTime));
}

/**
 * When a past broadcast ran, from its start to its end, as one range in the event's zone: the
 * day is written once when both ends share it (Intl's formatRange, "10:18 – 11:02 PM").
 */
export function formatEventSpan(
  startTime: string | Date,
  endTime: string | Date,
  locale: string,
  timeZone: string,
): string {
  return formatter(locale, timeZone).formatRange(new Date(startTime), new Date(endTime));
}
