import { describe, expect, it } from 'vitest';
import { formatEventStart } from './eventStart.ts';

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
