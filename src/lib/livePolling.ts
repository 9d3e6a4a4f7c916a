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

/** What the live-wait loader reads off the element that follows an event (src/player/liveFrameWait.ts). */
export interface LiveWaitTarget {
  albumId: number;
  videoId: number;
  /** The state the element shows now; the page reloads once the event leaves it. */
  state: string;
  live: { status: string; start_time: string | null };
  /** JSON of the query the event's poll carries (carriedQuery.apiQuery). */
  pollQuery: string;
}

/** The attributes that load the live-wait module when the event's first poll is due. */
export function liveWaitAttributes(
  { albumId, videoId, state, live, pollQuery }: LiveWaitTarget,
  now: Date,
): Record<string, string | number | undefined> {
  return {
    'data-lazy': 'live-wait',
    'data-lazy-after': livePollInterval(live.status, live.start_time, now),
    'data-album': albumId,
    'data-video': videoId,
    'data-state': state,
    'data-status': live.status,
    'data-start': live.start_time ?? undefined,
    'data-query': pollQuery,
  };
}
