/**
 * What the live hero says about the time left before an event (SPEC §9: "Countdown when start
 * under 12 h; 'Starting soon...' at 900 s or less"). Counted in whole seconds, rounded up, so
 * the countdown never shows 00:00:00 and turns into 'Starting soon...' right after 00:15:01.
 */

const COUNTDOWN_FROM_SECONDS = 12 * 3_600;
export const STARTING_SOON_SECONDS = 900;

export type LiveCountdown =
  | { kind: 'none' }
  | { kind: 'countdown'; hours: number; minutes: number; seconds: number }
  | { kind: 'startingSoon' };

/** Whole seconds until `startTime`, rounded up; negative once it has passed. Null when unknown. */
export function secondsUntil(startTime: Date | string | null, now: Date): number | null {
  const start = startTime === null ? NaN : new Date(startTime).getTime();
  return Number.isNaN(start) ? null : Math.ceil((start - now.getTime()) / 1_000);
}

export function liveCountdown(startTime: Date | string | null, now: Date): LiveCountdown {
  const left = secondsUntil(startTime, now);
  if (left === null || left >= COUNTDOWN_FROM_SECONDS) return { kind: 'none' };
  if (left <= STARTING_SOON_SECONDS) return { kind: 'startingSoon' };
  return {
    kind: 'countdown',
    hours: Math.floor(left / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A countdown as a clock, hours first: 00:15:02. */
export function countdownClock({
  hours,
  minutes,
  seconds,
}: Extract<LiveCountdown, { kind: 'countdown' }>): string {
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
}
