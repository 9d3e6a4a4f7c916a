import { describe, expect, it } from 'vitest';
import {
  formatLiveRule,
  instantOfLocalTime,
  LIVE_LATE_WINDOW_MS,
  nextOccurrence,
  occurrenceAt,
  parseLiveRule,
  scheduleJson,
  type LiveSchedule,
} from './liveSchedule.ts';

// The server's own zone must not matter: only the event's zone does.
process.env['TZ'] = 'Pacific/Auckland';

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const weekly = (startTime: string, timeZone: string, byDay: string): LiveSchedule => ({
  startTime: at(startTime),
  rrule: `FREQ=WEEKLY;BYDAY=${byDay}`,
  timeZone,
});
/** The next `count` occurrences after the start, as ISO instants. */
function following(schedule: LiveSchedule, count: number): string[] {
  const found: string[] = [];
  let cursor = schedule.startTime;
  for (let i = 0; i < count; i++) {
    cursor = nextOccurrence(schedule, cursor)!;
    found.push(cursor.toISOString());
  }
  return found;
}

describe('given an event every Thursday at 18:00 in Europe/Berlin', () => {
  it('stays at 18:00 in Berlin when the clocks go forward in March', () => {
    // 26 March 2026 18:00 CET; summer time begins on 29 March.
    expect(following(weekly('2026-03-26T17:00:00Z', 'Europe/Berlin', 'TH'), 2)).toEqual([
      '2026-04-02T16:00:00.000Z',
      '2026-04-09T16:00:00.000Z',
    ]);
  });

  it('stays at 18:00 in Berlin when the clocks go back in October', () => {
    // 22 October 2026 18:00 CEST; winter time begins on 25 October.
    expect(following(weekly('2026-10-22T16:00:00Z', 'Europe/Berlin', 'TH'), 2)).toEqual([
      '2026-10-29T17:00:00.000Z',
      '2026-11-05T17:00:00.000Z',
    ]);
  });
});

describe('given an event every Monday at 09:00 in America/New_York', () => {
  it('stays at 09:00 in New York when daylight saving time begins', () => {
    // 2 March 2026 09:00 EST; daylight saving time begins on 8 March.
    expect(following(weekly('2026-03-02T14:00:00Z', 'America/New_York', 'MO'), 1)).toEqual([
      '2026-03-09T13:00:00.000Z',
    ]);
  });

  it('stays at 09:00 in New York when daylight saving time ends', () => {
    // 26 October 2026 09:00 EDT; it ends on 1 November.
    expect(following(weekly('2026-10-26T13:00:00Z', 'America/New_York', 'MO'), 1)).toEqual([
      '2026-11-02T14:00:00.000Z',
    ]);
  });
});

describe('given a Sunday event at 02:30 in Berlin, a time the clocks skip or repeat once a year', () => {
  it('starts right after the gap on the night the clocks go forward', () => {
    expect(following(weekly('2026-03-22T01:30:00Z', 'Europe/Berlin', 'SU'), 2)).toEqual([
      '2026-03-29T01:30:00.000Z',
      '2026-04-05T00:30:00.000Z',
    ]);
  });

  it('starts at the first 02:30 on the night the clocks go back', () => {
    expect(following(weekly('2026-10-18T00:30:00Z', 'Europe/Berlin', 'SU'), 2)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-11-01T01:30:00.000Z',
    ]);
  });
});

describe('given a weekly event on two days', () => {
  it('takes each day in turn', () => {
    expect(following(weekly('2026-05-04T08:00:00Z', 'UTC', 'MO,TH'), 3)).toEqual([
      '2026-05-07T08:00:00.000Z',
      '2026-05-11T08:00:00.000Z',
      '2026-05-14T08:00:00.000Z',
    ]);
  });
});

describe('given an event on the 31st of every month', () => {
  it('skips the months that have no 31st', () => {
    const schedule: LiveSchedule = {
      startTime: at('2026-01-31T10:00:00Z'),
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
      timeZone: 'UTC',
    };
    expect(following(schedule, 3)).toEqual([
      '2026-03-31T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
      '2026-07-31T10:00:00.000Z',
    ]);
  });
});

describe('given a yearly event', () => {
  it('comes back on the same day at the same local time', () => {
    // 15 January 2026 12:00 in Paris (winter time), then 15 January 2027.
    const schedule: LiveSchedule = {
      startTime: at('2026-01-15T11:00:00Z'),
      rrule: 'FREQ=YEARLY',
      timeZone: 'Europe/Paris',
    };
    expect(nextOccurrence(schedule, at('2026-02-01T00:00:00Z'))?.toISOString()).toBe(
      '2027-01-15T11:00:00.000Z',
    );
  });
});

describe('given a one-off event', () => {
  const schedule: LiveSchedule = {
    startTime: at('2026-06-01T18:00:00Z'),
    rrule: null,
    timeZone: 'Europe/Berlin',
  };

  it('is next while it has not started', () => {
    expect(nextOccurrence(schedule, at('2026-06-01T17:59:00Z'))).toEqual(schedule.startTime);
  });

  it('has no next occurrence once started', () => {
    expect(nextOccurrence(schedule, at('2026-06-01T18:00:00Z'))).toBeNull();
  });

  it('stays current for the late window, then is past', () => {
    expect(occurrenceAt(schedule, at('2026-06-01T19:59:00Z'), 2 * HOUR)).toEqual(
      schedule.startTime,
    );
    expect(occurrenceAt(schedule, at('2026-06-01T20:01:00Z'), 2 * HOUR)).toBeNull();
  });

  it('reads FREQ=SINGLE as a one-off event', () => {
    expect(
      nextOccurrence({ ...schedule, rrule: 'FREQ=SINGLE' }, at('2026-06-01T18:00:00Z')),
    ).toBeNull();
  });
});

describe('the occurrence current at a moment', () => {
  const schedule = weekly('2026-03-26T17:00:00Z', 'Europe/Berlin', 'TH');

  it('is the one that began within the late window', () => {
    expect(occurrenceAt(schedule, at('2026-04-02T17:30:00Z'), 2 * HOUR)?.toISOString()).toBe(
      '2026-04-02T16:00:00.000Z',
    );
  });

  it('is the next one once the last began longer ago than that', () => {
    expect(occurrenceAt(schedule, at('2026-04-02T18:30:00Z'), 2 * HOUR)?.toISOString()).toBe(
      '2026-04-09T16:00:00.000Z',
    );
  });

  it('is the first one before the event ever began', () => {
    expect(occurrenceAt(schedule, at('2026-03-01T00:00:00Z'), 2 * HOUR)).toEqual(
      schedule.startTime,
    );
  });
});

describe('the schedule in the API', () => {
  it('names a one-off event FREQ=SINGLE with its start', () => {
    const schedule: LiveSchedule = {
      startTime: at('2026-06-01T18:00:00Z'),
      rrule: null,
      timeZone: 'Europe/Berlin',
    };
    expect(scheduleJson(schedule, at('2026-06-02T00:00:00Z'))).toEqual({
      start_time: '2026-06-01T18:00:00.000Z',
      rrule: 'FREQ=SINGLE',
      time_zone: 'Europe/Berlin',
    });
  });

  it('gives a recurring event its rule and the occurrence current now', () => {
    const schedule = weekly('2026-03-26T17:00:00Z', 'Europe/Berlin', 'TH');
    const now = new Date(at('2026-04-02T16:00:00Z').getTime() + LIVE_LATE_WINDOW_MS + 1);
    expect(scheduleJson(schedule, now)).toEqual({
      start_time: '2026-04-09T16:00:00.000Z',
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      time_zone: 'Europe/Berlin',
    });
  });
});

describe('instantOfLocalTime', () => {
  it('reads a local date and time in the event’s zone, summer or winter', () => {
    expect(instantOfLocalTime('2026-01-01T18:00', 'Europe/Paris').toISOString()).toBe(
      '2026-01-01T17:00:00.000Z',
    );
    expect(instantOfLocalTime('2026-07-02T18:00', 'Europe/Paris').toISOString()).toBe(
      '2026-07-02T16:00:00.000Z',
    );
    expect(instantOfLocalTime('2026-07-02T18:00:30', 'America/New_York').toISOString()).toBe(
      '2026-07-02T22:00:30.000Z',
    );
  });

  it('refuses what is not a local date and time', () => {
    expect(() => instantOfLocalTime('2026-07-02 18:00', 'UTC')).toThrow(/YYYY-MM-DDTHH:MM/);
  });
});

describe('parseLiveRule', () => {
  it('reads the supported rules, whatever their case or order of days', () => {
    expect(parseLiveRule('FREQ=SINGLE')).toEqual({ freq: 'SINGLE' });
    expect(formatLiveRule(parseLiveRule('freq=weekly;byday=th,mo'))).toBe(
      'FREQ=WEEKLY;BYDAY=MO,TH',
    );
    expect(formatLiveRule(parseLiveRule('FREQ=MONTHLY;BYMONTHDAY=31,1'))).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1,31',
    );
    expect(formatLiveRule(parseLiveRule('FREQ=YEARLY'))).toBe('FREQ=YEARLY');
  });

  it.each([
    ['', /is not NAME=VALUE/],
    ['BYDAY=TH', /FREQ must be/],
    ['FREQ=DAILY', /FREQ must be/],
    ['FREQ=WEEKLY;INTERVAL=2', /INTERVAL is not supported with FREQ=WEEKLY/],
    ['FREQ=WEEKLY;BYMONTHDAY=3', /BYMONTHDAY is not supported/],
    ['FREQ=MONTHLY;BYDAY=TH', /BYDAY is not supported/],
    ['FREQ=SINGLE;BYDAY=TH', /BYDAY is not supported with FREQ=SINGLE/],
    ['FREQ=WEEKLY;BYDAY=1TH', /BYDAY takes/],
    ['FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY takes days 1 to 31/],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', /BYMONTHDAY takes/],
    ['FREQ=WEEKLY;FREQ=YEARLY', /FREQ is given twice/],
  ])('refuses %j, saying why', (text, reason) => {
    expect(() => parseLiveRule(text)).toThrow(reason);
  });
});
