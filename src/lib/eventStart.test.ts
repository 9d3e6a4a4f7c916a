import { describe, expect, it } from 'vitest';
import { formatEventSpan, formatEventStart } from './eventStart.ts';

const START = '2026-03-12T17:00:00Z';

describe('formatEventStart', () => {
  it('writes the wall-clock time of the event in its own zone, and names the zone', () => {
    const text = formatEventStart(START, 'en', 'Europe/Paris');
    expect(text).toContain('Thursday');
    expect(text).toContain('March 12, 2026');
    expect(text).toMatch(/6:00\sPM/);
    expect(text).toContain('Central European Standard Time');
  });

  it('follows the reader’s language', () => {
    const text = formatEventStart(START, 'de-DE', 'Europe/Paris');
    expect(text).toContain('Donnerstag');
    expect(text).toContain('18:00');
    expect(text).toContain('Mitteleuropäische Normalzeit');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(formatEventStart(START, 'en', 'Mars/Olympus')).toContain('Coordinated Universal Time');
  });
});

describe('formatEventSpan', () => {
  it('writes a broadcast within one day as that day with its two times, in the event’s zone', () => {
    const text = formatEventSpan(
      '2026-03-07T21:18:00Z',
      '2026-03-07T22:02:00Z',
      'en',
      'Europe/Paris',
    );
    expect(text).toMatch(/^Saturday, March 7, 2026, 10:18\s–\s11:02\sPM /);
  });

  it('follows the reader’s language', () => {
    const text = formatEventSpan(
      '2026-03-07T21:18:00Z',
      '2026-03-07T22:02:00Z',
      'de-DE',
      'Europe/Paris',
    );
    expect(text).toContain('Samstag, 7. März 2026');
    expect(text).toMatch(/22:18\s?–\s?23:02/);
  });

  it('writes both days of a broadcast that ran past midnight', () => {
    const text = formatEventSpan(
      '2026-03-07T22:30:00Z',
      '2026-03-08T00:10:00Z',
      'en',
      'Europe/Paris',
    );
    expect(text).toContain('March 7');
    expect(text).toContain('March 8');
  });
});
