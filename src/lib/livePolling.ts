/**
 * How often a live page asks for its event's status (SPEC §9: "Live poll: 8 s if streaming or
 * start 12–24 h away; 15 s if over 24 h; else 5 s").
 */

const HOUR_MS = 3_600_000;

export const LIVE_POLL_STREAMING_MS = 8_000;
export const LIVE_POLL_DISTANT_MS = 15_000;
export const LIVE_POLL_NEAR_MS = 5_000;

/**
 * Milliseconds until the next poll. An event whose start is unknown, passed or under 12 h away
 * is polled often, since it may go on the air at any moment.
 */
export function livePollInterval(
  status: string,
  startTime: Date | string | null,
  now: Date,
): number {
  if (status === 'streaming') return LIVE_POLL_STREAMING_MS;
  const start = startTime === null ? NaN : new Date(startTime).getTime();
  if (Number.isNaN(start)) return LIVE_POLL_NEAR_MS;
  const ahead = start - now.getTime();
  if (ahead > 24 * HOUR_MS) return LIVE_POLL_DISTANT_MS;
  if (ahead >= 12 * HOUR_MS) return LIVE_POLL_STREAMING_MS;
  return LIVE_POLL_NEAR_MS;
}
