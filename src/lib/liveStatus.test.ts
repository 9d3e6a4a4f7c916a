import { describe, expect, it } from 'vitest';
import { LIVE_STATUSES } from './domain.ts';
import {
  acceptsEncoder,
  LIVE_READY_LEAD_MS,
  scheduledStatus,
  statusAfterBroadcast,
} from './liveStatus.ts';

const now = new Date('2026-05-01T12:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);

describe('scheduledStatus', () => {
  it('is unavailable without a start time', () => {
    expect(scheduledStatus(null, now)).toBe('unavailable');
  });

  it('is pending while the start is more than 30 minutes away', () => {
    expect(scheduledStatus(inMs(LIVE_READY_LEAD_MS + 1), now)).toBe('pending');
  });

  it('is ready from 30 minutes before the start', () => {
    expect(scheduledStatus(inMs(LIVE_READY_LEAD_MS), now)).toBe('ready');
    expect(scheduledStatus(inMs(0), now)).toBe('ready');
  });

  it('stays ready once the start has passed without an encoder', () => {
    expect(scheduledStatus(inMs(-1), now)).toBe('ready');
  });
});

describe('statusAfterBroadcast', () => {
  it('is done for a one-off event', () => {
    expect(statusAfterBroadcast({ recurring: false, nextStart: null, now })).toBe('done');
  });

  it('waits for the next occurrence of a recurring event', () => {
    expect(
      statusAfterBroadcast({ recurring: true, nextStart: inMs(7 * 24 * 60 * 60 * 1000), now }),
    ).toBe('pending');
    expect(
      statusAfterBroadcast({ recurring: true, nextStart: inMs(LIVE_READY_LEAD_MS), now }),
    ).toBe('ready');
  });
});

describe('acceptsEncoder', () => {
  it('refuses an encoder only once the event is done', () => {
    expect(LIVE_STATUSES.filter((status) => !acceptsEncoder(status))).toEqual(['done']);
  });
});
