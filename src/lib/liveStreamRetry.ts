/**
 * How long a player keeps asking for a live stream that is not there yet. A frame is pointed
 * at a broadcast as soon as the ingest accepts its encoder, and the ingest publishes the
 * first playlist a few seconds later, once every rung has a segment (6–9 s measured on a
 * node that took over a broadcast). Until then the playlist answers 404, which hls.js and
 * browsers treat as final: a live stream retries it instead, about twenty seconds in all.
 */

/** Tries after the first, a second or two apart. */
export const LIVE_STREAM_RETRIES = 12;
const LIVE_STREAM_RETRY_MS = 1_000;
const LIVE_STREAM_RETRY_MAX_MS = 2_000;

/** The wait before retry number `attempt` (from 0). */
export function liveRetryDelay(attempt: number): number {
  return Math.min(LIVE_STREAM_RETRY_MS * (attempt + 1), LIVE_STREAM_RETRY_MAX_MS);
}

/** hls.js's retry policy for a live stream's playlists: any failure, a 404 included, is retried. */
export const LIVE_PLAYLIST_RETRY = {
  maxNumRetry: LIVE_STREAM_RETRIES,
  retryDelayMs: LIVE_STREAM_RETRY_MS,
  maxRetryDelayMs: LIVE_STREAM_RETRY_MAX_MS,
  backoff: 'linear' as const,
  shouldRetry: (_config: unknown, retryCount: number) => retryCount < LIVE_STREAM_RETRIES,
};
