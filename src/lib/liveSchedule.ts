/**
 * When a live event takes place (SPEC §3 "Schedule"): a start time, an optional rule
 * (FREQ=WEEKLY with BYDAY, FREQ=MONTHLY with BYMONTHDAY, FREQ=YEARLY; 'FREQ=SINGLE' or none
 * for a one-off event) and the IANA zone its wall-clock times belong to. "Every Thursday at
 * 18:00 in Berlin" stays 18:00 in Berlin across daylight-saving changes, so occurrences are
 * computed in floating wall-clock time and only then turned into instants with Intl: rrule's
 * own time zone support depends on the host's zone and gets such changes wrong.
 */
import * as rruleExports from 'rrule';

// rrule ships one CommonJS export to Node and named ES exports to bundlers.
const { RRule } =
  'RRule' in rruleExports
    ? rruleExports
    : (rruleExports as unknown as { default: typeof rruleExports }).default;

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A rule of the supported subset; without BYDAY or BYMONTHDAY the start's own day repeats. */
export type LiveRule =
  | { freq: 'SINGLE' }
  | { freq: 'WEEKLY'; byDay: Weekday[] }
  | { freq: 'MONTHLY'; byMonthDay: number[] }
  | { freq: 'YEARLY' };

export interface LiveSchedule {
  startTime: Date;
  /** null (or 'FREQ=SINGLE') for a one-off event. */
  rrule: string | null;
  timeZone: string;
}

/** SPEC §3 Schedule as the API answers it (Video.live.recurring_event.schedule). */
export interface ScheduleJson {
  start_time: string;
  rrule: string;
  time_zone: string;
}

/** How long after its start an occurrence stays the current one, waiting for its encoder. */
export const LIVE_LATE_WINDOW_MS = 2 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const PARTS_BY_FREQ: Record<LiveRule['freq'], readonly string[]> = {
  SINGLE: [],
  WEEKLY: ['BYDAY'],
  MONTHLY: ['BYMONTHDAY'],
  YEARLY: [],
};

function invalid(text: string, reason: string): never {
  throw new RangeError(`Unsupported live event rule "${text}": ${reason}`);
}

/** Reads a rule of the supported subset, or throws a RangeError saying what is wrong with it. */
export function parseLiveRule(text: string): LiveRule {
  const parts = new Map<string, string>();
  for (const part of text.trim().toUpperCase().split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match) invalid(text, `"${part}" is not NAME=VALUE`);
    const [, name, value] = match;
    if (parts.has(name!)) invalid(text, `${name} is given twice`);
    parts.set(name!, value!);
  }
  const freq = parts.get('FREQ');
  if (!freq || !(freq in PARTS_BY_FREQ))
    invalid(text, 'FREQ must be SINGLE, WEEKLY, MONTHLY or YEARLY');
  const known = freq as LiveRule['freq'];
  for (const name of parts.keys()) {
    if (name !== 'FREQ' && !PARTS_BY_FREQ[known].includes(name))
      invalid(text, `${name} is not supported with FREQ=${known}`);
  }
  const list = (name: string) => [...new Set(parts.get(name)?.split(',') ?? [])];
  switch (known) {
    case 'WEEKLY': {
      const days = list('BYDAY');
      for (const day of days)
        if (!(WEEKDAYS as readonly string[]).includes(day))
          invalid(text, `BYDAY takes MO, TU, WE, TH, FR, SA or SU, not ${day}`);
      return { freq: known, byDay: WEEKDAYS.filter((day) => days.includes(day)) };
    }
    case 'MONTHLY': {
      const days = list('BYMONTHDAY');
      for (const day of days)
        if (!/^([1-9]|[12]\d|3[01])$/.test(day))
          invalid(text, `BYMONTHDAY takes days 1 to 31, not ${day}`);
      return { freq: known, byMonthDay: days.map(Number).sort((a, b) => a - b) };
    }
    default:
      return { freq: known };
  }
}

/** The rule as stored and answered: 'FREQ=WEEKLY;BYDAY=MO,TH'. */
export function formatLiveRule(rule: LiveRule): string {
  if (rule.freq === 'WEEKLY' && rule.byDay.length > 0)
    return `FREQ=WEEKLY;BYDAY=${rule.byDay.join(',')}`;
  if (rule.freq === 'MONTHLY' && rule.byMonthDay.length > 0)
    return `FREQ=MONTHLY;BYMONTHDAY=${rule.byMonthDay.join(',')}`;
  return `FREQ=${rule.freq}`;
}

function ruleOf(schedule: LiveSchedule): LiveRule {
  return schedule.rrule === null ? { freq: 'SINGLE' } : parseLiveRule(schedule.rrule);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at an instant, as a "floating" time: its UTC fields read it. */
function wallClockOf(instant: number, timeZone: string): number {
  const field = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wholeSeconds = Date.UTC(
    field['year']!,
    field['month']! - 1,
    field['day']!,
    field['hour']!,
    field['minute']!,
    field['second']!,
  );
  return wholeSeconds + (((instant % 1000) + 1000) % 1000);
}

const offsetAt = (instant: number, timeZone: string) => wallClockOf(instant, timeZone) - instant;

/**
 * The instant a wall-clock time of `timeZone` names. A time the clocks skip (02:30 on a
 * spring-forward night) is read with the offset before the change, so it falls just after the
 * gap; a time that happens twice (an autumn night) is its first.
 */
function instantOf(wallClock: number, timeZone: string): number {
  const before = offsetAt(wallClock - DAY_MS, timeZone);
  const after = offsetAt(wallClock + DAY_MS, timeZone);
  const valid = [before, after]
    .map((offset) => wallClock - offset)
    .filter((instant) => wallClockOf(instant, timeZone) === wallClock);
  return valid.length > 0 ? Math.min(...valid) : wallClock - before;
}

/**
 * The instant a local date and time ('2026-01-01T18:00', as an <input type="datetime-local">
 * gives it) names in `timeZone`.
 */
export function instantOfLocalTime(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) throw new RangeError(`"${local}" is not a local date and time (YYYY-MM-DDTHH:MM)`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(instantOf(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!), timeZone));
}

/** The recurrence in floating time, from the schedule's start as read on its zone's clock. */
function recurrence(schedule: LiveSchedule, rule: Exclude<LiveRule, { freq: 'SINGLE' }>) {
  return new RRule({
    freq: RRule[rule.freq],
    dtstart: new Date(wallClockOf(schedule.startTime.getTime(), schedule.timeZone)),
    ...(rule.freq === 'WEEKLY' && rule.byDay.length > 0
      ? { byweekday: rule.byDay.map((day) => RRule[day]) }
      : {}),
    ...(rule.freq === 'MONTHLY' && rule.byMonthDay.length > 0
      ? { bymonthday: rule.byMonthDay }
      : {}),
  });
}

/** The first occurrence that starts strictly after `after`, or null (a one-off event already begun). */
export function nextOccurrence(schedule: LiveSchedule, after: Date): Date | null {
  const rule = ruleOf(schedule);
  if (rule.freq === 'SINGLE') return schedule.startTime > after ? schedule.startTime : null;
  const occurrences = recurrence(schedule, rule);
  // A day's margin: the zone's offset at `after` may differ from the one at the occurrence.
  let wall = occurrences.after(
    new Date(wallClockOf(after.getTime(), schedule.timeZone) - DAY_MS),
    true,
  );
  while (wall) {
    const instant = instantOf(wall.getTime(), schedule.timeZone);
    if (instant > after.getTime()) return new Date(instant);
    wall = occurrences.after(wall, false);
  }
  return null;
}

/**
 * The occurrence that is current at `now`: the latest one that started no more than `lateMs`
 * ago, else the next one. Null when a one-off event started longer ago than that.
 */
export function occurrenceAt(schedule: LiveSchedule, now: Date, lateMs: number): Date | null {
  const rule = ruleOf(schedule);
  const earliest = now.getTime() - lateMs;
  if (rule.freq === 'SINGLE')
    return schedule.startTime.getTime() >= earliest ? schedule.startTime : null;
  const { timeZone } = schedule;
  const begun = recurrence(schedule, rule)
    .between(
      new Date(wallClockOf(earliest, timeZone) - DAY_MS),
      new Date(wallClockOf(now.getTime(), timeZone) + DAY_MS),
      true,
    )
    .map((wall) => instantOf(wall.getTime(), timeZone))
    .filter((instant) => instant >= earliest && instant <= now.getTime());
  return begun.length > 0 ? new Date(Math.max(...begun)) : nextOccurrence(schedule, now);
}

/** The schedule as the API answers it; start_time is the occurrence current at `now`. */
export function scheduleJson(schedule: LiveSchedule, now: Date): ScheduleJson {
  const rule = ruleOf(schedule);
  const start =
    rule.freq === 'SINGLE'
      ? schedule.startTime
      : (occurrenceAt(schedule, now, LIVE_LATE_WINDOW_MS) ?? schedule.startTime);
  return {
    start_time: start.toISOString(),
    rrule: formatLiveRule(rule),
    time_zone: schedule.timeZone,
  };
}
