import { describe, expect, it } from 'vitest';
import { eventFormValues, isTimeZone, localDateTime, parseEventForm } from './eventForm.ts';

const now = new Date('2026-11-24T12:00:00Z');
function parse(fields: Record<string, string | string[]>, showcases: number[] = [3]) {
  const one = (name: string) => {
    const value = fields[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  const all = (name: string) => {
    const value = fields[name];
    return Array.isArray(value) ? value : value === undefined ? [] : [value];
  };
  return parseEventForm(one, all, showcases, now);
}
const base = {
  name: 'Studio hour',
  showcaseId: '3',
  start: '2026-12-03T18:00',
  timeZone: 'Europe/Berlin',
  repeat: 'SINGLE',
  saveReplay: 'on',
};

describe('parseEventForm', () => {
  it('reads a one-off event in its zone', () => {
    const parsed = parse(base);
    expect(parsed.ok && parsed.event).toEqual({
      name: 'Studio hour',
      description: '',
      showcaseId: 3,
      startTime: new Date('2026-12-03T17:00:00Z'),
      rrule: null,
      timeZone: 'Europe/Berlin',
      saveReplay: true,
      showViewers: false,
    });
  });

  it('shows the public page how many watch only when asked to', () => {
    const shown = parse({ ...base, showViewers: 'on' });
    expect(shown.ok && shown.event.showViewers).toBe(true);
  });

  it('writes the weekly, monthly and yearly rules', () => {
    const weekly = parse({ ...base, repeat: 'WEEKLY', byDay: ['TH', 'MO'] });
    expect(weekly.ok && weekly.event.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    const monthly = parse({ ...base, repeat: 'MONTHLY', byMonthDay: '1, 15' });
    expect(monthly.ok && monthly.event.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=1,15');
    const yearly = parse({ ...base, repeat: 'YEARLY', saveReplay: '' });
    expect(yearly.ok && [yearly.event.rrule, yearly.event.saveReplay]).toEqual([
      'FREQ=YEARLY',
      false,
    ]);
  });

  it('refuses a past one-off start, but lets a repeating event begin in the past', () => {
    expect(parse({ ...base, start: '2026-11-01T10:00' })).toEqual({
      ok: false,
      errors: { start: 'events.startInPast' },
    });
    expect(parse({ ...base, start: '2026-11-01T10:00', repeat: 'WEEKLY' }).ok).toBe(true);
  });

  it('names each bad field', () => {
    const parsed = parse({
      name: '',
      showcaseId: '9',
      start: 'soon',
      timeZone: 'Mars/Olympus',
      repeat: 'DAILY',
    });
    expect(parsed.ok ? null : parsed.errors).toEqual({
      name: 'events.nameRequired',
      showcaseId: 'events.invalidShowcase',
      timeZone: 'events.invalidTimeZone',
      repeat: 'events.invalidRepeat',
    });
    expect(parse({ ...base, start: 'soon' })).toEqual({
      ok: false,
      errors: { start: 'events.invalidStart' },
    });
    expect(parse({ ...base, repeat: 'MONTHLY', byMonthDay: '32' })).toEqual({
      ok: false,
      errors: { byMonthDay: 'events.invalidMonthDays' },
    });
    expect(parse({ ...base, repeat: 'WEEKLY', byDay: ['XX'] })).toEqual({
      ok: false,
      errors: { byDay: 'events.invalidDays' },
    });
    expect(parse({ ...base, name: 'x'.repeat(129) })).toEqual({
      ok: false,
      errors: { name: 'events.nameTooLong' },
    });
  });
});

describe('the form of a stored event', () => {
  it('shows the start on its zone clock and takes the rule apart', () => {
    expect(
      eventFormValues({
        startTime: new Date('2026-12-03T17:00:00Z'),
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        timeZone: 'Europe/Berlin',
      }),
    ).toEqual({
      start: '2026-12-03T18:00',
      repeat: 'WEEKLY',
      byDay: ['MO', 'TH'],
      byMonthDay: '',
    });
    expect(eventFormValues({ startTime: null, rrule: null, timeZone: 'UTC' }).repeat).toBe(
      'SINGLE',
    );
    expect(localDateTime(new Date('2026-07-01T00:30:00Z'), 'America/New_York')).toBe(
      '2026-06-30T20:30',
    );
  });

  it('knows real time zones', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Nowhere/Land')).toBe(false);
  });
});
