import { describe, expect, it } from 'vitest';
import { readLivePollAnswer, reloadsPage } from './liveStatusPoll.ts';

const polled = (
  status: string,
  schedule: { start_time: string; rrule: string; time_zone: string } | null = null,
) => ({
  live: { status, recurring_event: schedule ? { schedule } : null },
});

describe('readLivePollAnswer', () => {
  it('reads the status, the next start and the time zone', () => {
    const body = polled('pending', {
      start_time: '2026-03-12T17:00:00.000Z',
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      time_zone: 'Europe/Paris',
    });
    expect(readLivePollAnswer(200, body)).toEqual({
      kind: 'live',
      live: {
        status: 'pending',
        startTime: '2026-03-12T17:00:00.000Z',
        timeZone: 'Europe/Paris',
        viewers: null,
      },
    });
  });

  it('reads how many watch, where the owner shows it', () => {
    const shown = { live: { status: 'streaming', concurrent_viewers: 3 } };
    expect(readLivePollAnswer(200, shown)).toMatchObject({ live: { viewers: 3 } });
    const kept = { live: { status: 'streaming', concurrent_viewers: null } };
    expect(readLivePollAnswer(200, kept)).toMatchObject({ live: { viewers: null } });
  });

  it('reads an event without a schedule as having no start', () => {
    expect(readLivePollAnswer(200, polled('unavailable'))).toEqual({
      kind: 'live',
      live: { status: 'unavailable', startTime: null, timeZone: null, viewers: null },
    });
  });

  it('knows the event is gone from error code 8003', () => {
    expect(readLivePollAnswer(404, { error: 'Not found', error_code: 8003 })).toEqual({
      kind: 'gone',
    });
  });

  it('ignores any other failure', () => {
    expect(readLivePollAnswer(404, { error: 'Not found', error_code: 5000 })).toEqual({
      kind: 'ignored',
    });
    expect(readLivePollAnswer(503, null)).toEqual({ kind: 'ignored' });
  });

  it('ignores an answer without a live status', () => {
    expect(readLivePollAnswer(200, { live: null })).toEqual({ kind: 'ignored' });
    expect(readLivePollAnswer(200, 'text')).toEqual({ kind: 'ignored' });
  });
});

describe('reloadsPage', () => {
  it('reloads when a streaming event is done', () => {
    expect(reloadsPage('streaming', readLivePollAnswer(200, polled('done')))).toBe(true);
  });

  it('does not reload when an event that was not on the air is done', () => {
    expect(reloadsPage('ready', readLivePollAnswer(200, polled('done')))).toBe(false);
  });

  it('does not reload when an event goes on the air', () => {
    expect(reloadsPage('ready', readLivePollAnswer(200, polled('streaming')))).toBe(false);
  });

  it('reloads when the event is gone from the showcase', () => {
    expect(reloadsPage('pending', { kind: 'gone' })).toBe(true);
  });

  it('does not reload after a failed poll', () => {
    expect(reloadsPage('streaming', { kind: 'ignored' })).toBe(false);
  });
});
