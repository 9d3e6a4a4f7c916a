import { describe, expect, it } from 'vitest';
import { countdownClock, liveCountdown, secondsUntil } from './liveCountdown.ts';

const NOW = new Date('2026-03-05T12:00:00Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms);

describe('liveCountdown', () => {
  it('shows nothing when the start is 12 h away or more', () => {
    expect(liveCountdown(inMs(12 * 3_600_000), NOW)).toEqual({ kind: 'none' });
    expect(liveCountdown(inMs(40 * 3_600_000), NOW)).toEqual({ kind: 'none' });
  });

  it('counts down from just under 12 h', () => {
    expect(liveCountdown(inMs(12 * 3_600_000 - 1_000), NOW)).toEqual({
      kind: 'countdown',
      hours: 11,
      minutes: 59,
      seconds: 59,
    });
  });

  it('counts hours, minutes and seconds', () => {
    expect(liveCountdown(inMs((2 * 3_600 + 14 * 60 + 5) * 1_000), NOW)).toEqual({
      kind: 'countdown',
      hours: 2,
      minutes: 14,
      seconds: 5,
    });
  });

  it('rounds a part of a second up, so the last second shown is never zero', () => {
    expect(liveCountdown(inMs(900_001), NOW)).toEqual({
      kind: 'countdown',
      hours: 0,
      minutes: 15,
      seconds: 1,
    });
  });

  it('still counts down at 901 s', () => {
    expect(liveCountdown(inMs(901_000), NOW)).toEqual({
      kind: 'countdown',
      hours: 0,
      minutes: 15,
      seconds: 1,
    });
  });

  it('says starting soon at exactly 900 s', () => {
    expect(liveCountdown(inMs(900_000), NOW)).toEqual({ kind: 'startingSoon' });
  });

  it('says starting soon once the start has passed and the event is not on the air yet', () => {
    expect(liveCountdown(inMs(-60_000), NOW)).toEqual({ kind: 'startingSoon' });
  });

  it('shows nothing for an event without a start time', () => {
    expect(liveCountdown(null, NOW)).toEqual({ kind: 'none' });
  });

  it('reads an ISO start time as the API sends it', () => {
    expect(liveCountdown(inMs(3_600_000).toISOString(), NOW)).toEqual({
      kind: 'countdown',
      hours: 1,
      minutes: 0,
      seconds: 0,
    });
  });
});

describe('secondsUntil', () => {
  it('is null for an unreadable start time', () => {
    expect(secondsUntil('soon', NOW)).toBeNull();
  });
  it('is negative once the start has passed', () => {
    expect(secondsUntil(inMs(-5_000), NOW)).toBe(-5);
  });
});

describe('countdownClock', () => {
  it('writes hours, minutes and seconds as two digits each', () => {
    expect(countdownClock({ kind: 'countdown', hours: 0, minutes: 15, seconds: 2 })).toBe(
      '00:15:02',
    );
    expect(countdownClock({ kind: 'countdown', hours: 11, minutes: 59, seconds: 59 })).toBe(
      '11:59:59',
    );
  });
});
