/**
 * A live event as the studio's form submits it: name, showcase, first start as a local date
 * and time in a chosen zone, and how it repeats (SPEC §3 Schedule: once, weekly on some
 * days, monthly on some days of the month, yearly). Each error names its field and an
 * `events.*` message; the rule is stored in the form liveSchedule.ts reads.
 */
import {
  formatLiveRule,
  instantOfLocalTime,
  WEEKDAYS,
  type LiveRule,
  type Weekday,
} from './liveSchedule.ts';
import type { TranslationKey } from './translationKeys.ts';

const EVENT_NAME_LIMIT = 128;
export const REPEATS = ['SINGLE', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Repeat = (typeof REPEATS)[number];

export interface EventInput {
  name: string;
  description: string;
  /** The showcase it is shown in; null keeps it only in the library. */
  showcaseId: number | null;
  startTime: Date;
  rrule: string | null;
  timeZone: string;
  saveReplay: boolean;
  /** Show the public page how many watch (the owner always sees it). */
  showViewers: boolean;
}

type EventField =
  'name' | 'description' | 'showcaseId' | 'start' | 'timeZone' | 'repeat' | 'byDay' | 'byMonthDay';
export type EventErrors = Partial<Record<EventField, TranslationKey>>;
export type ParsedEvent = { ok: true; event: EventInput } | { ok: false; errors: EventErrors };

/** Is `zone` an IANA time zone this runtime knows? */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function monthDays(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return [];
  const days = parts.map((part) => (/^-?\d{1,2}$/.test(part) ? Number(part) : NaN));
  return days.every((day) => Number.isInteger(day) && day !== 0 && day >= -31 && day <= 31)
    ? [...new Set(days)]
    : null;
}

/**
 * `read(name)` gives one submitted field ('' when absent), `readAll(name)` every value of a
 * repeated one (the weekday checkboxes). `showcaseIds` are the showcases it may go in.
 */
export function parseEventForm(
  read: (name: string) => string,
  readAll: (name: string) => string[],
  showcaseIds: readonly number[],
  now: Date,
): ParsedEvent {
  const errors: EventErrors = {};
  const name = read('name').trim();
  if (name === '') errors.name = 'events.nameRequired';
  else if ([...name].length > EVENT_NAME_LIMIT) errors.name = 'events.nameTooLong';
  const description = read('description').trim();
  if ([...description].length > 5000) errors.description = 'events.descriptionTooLong';

  const rawShowcase = read('showcaseId');
  const showcaseId = rawShowcase === '' ? null : Number(rawShowcase);
  if (showcaseId !== null && !showcaseIds.includes(showcaseId))
    errors.showcaseId = 'events.invalidShowcase';

  const timeZone = read('timeZone');
  if (!isTimeZone(timeZone)) errors.timeZone = 'events.invalidTimeZone';

  const repeat = (REPEATS as readonly string[]).includes(read('repeat'))
    ? (read('repeat') as Repeat)
    : null;
  if (!repeat) errors.repeat = 'events.invalidRepeat';

  let startTime: Date | null = null;
  try {
    if (!errors.timeZone) startTime = instantOfLocalTime(read('start'), timeZone);
  } catch {
    errors.start = 'events.invalidStart';
  }
  if (startTime && repeat === 'SINGLE' && startTime.getTime() <= now.getTime())
    errors.start = 'events.startInPast';

  let rule: LiveRule = { freq: 'SINGLE' };
  if (repeat === 'WEEKLY') {
    const byDay = readAll('byDay');
    if (!byDay.every((day) => (WEEKDAYS as readonly string[]).includes(day)))
      errors.byDay = 'events.invalidDays';
    else
      rule = { freq: 'WEEKLY', byDay: WEEKDAYS.filter((day) => byDay.includes(day)) as Weekday[] };
  } else if (repeat === 'MONTHLY') {
    const byMonthDay = monthDays(read('byMonthDay'));
    if (!byMonthDay) errors.byMonthDay = 'events.invalidMonthDays';
    else rule = { freq: 'MONTHLY', byMonthDay };
  } else if (repeat === 'YEARLY') {
    rule = { freq: 'YEARLY' };
  }

  if (Object.keys(errors).length > 0 || !startTime)
    return {
      ok: false,
      errors: Object.keys(errors).length > 0 ? errors : { start: 'events.invalidStart' },
    };
  return {
    ok: true,
    event: {
      name,
      description,
      showcaseId,
      startTime,
      rrule: rule.freq === 'SINGLE' ? null : formatLiveRule(rule),
      timeZone,
      saveReplay: read('saveReplay') !== '',
      showViewers: read('showViewers') !== '',
    },
  };
}

/** The form's values for an event as stored: its start on its zone's clock, its rule taken apart. */
export function eventFormValues(event: {
  startTime: Date | null;
  rrule: string | null;
  timeZone: string;
}): { start: string; repeat: Repeat; byDay: string[]; byMonthDay: string } {
  const start = event.startTime ? localDateTime(event.startTime, event.timeZone) : '';
  const parts = new Map(
    (event.rrule ?? 'FREQ=SINGLE').split(';').map((part) => part.split('=') as [string, string]),
  );
  const freq = parts.get('FREQ');
  const repeat = (REPEATS as readonly string[]).includes(freq ?? '') ? (freq as Repeat) : 'SINGLE';
  return {
    start,
    repeat,
    byDay: parts.get('BYDAY')?.split(',') ?? [],
    byMonthDay: parts.get('BYMONTHDAY')?.replace(/,/g, ', ') ?? '',
  };
}

/** '2026-12-03T18:00' on the clock of `timeZone`, as <input type="datetime-local"> takes it. */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`;
}
