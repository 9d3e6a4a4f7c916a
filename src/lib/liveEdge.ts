/**
 * How far behind the live edge a viewer of a live stream is, for the player frame's LIVE badge
 * and its Back to live button. The edge is where the player itself plays a stream it joins
 * (hls.js's liveSyncPosition; where the browser plays HLS itself, the end of what the playlist
 * lets it seek to, less the distance it chose to keep when it joined), so a viewer who never
 * paused reads LIVE; the edge moves as playlists arrive, a segment at a time, so a few seconds
 * behind it still counts as live.
 */

/** Behind the edge by less than this, a viewer is live: the edge moves by whole segments. */
const LIVE_EDGE_SLACK_SECONDS = 5;

export type LiveEdgeReading = { kind: 'live' } | { kind: 'behind'; seconds: number };

/** `edge` null (the player does not know it yet): live, as the stream starts there. */
export function readLiveEdge(currentTime: number, edge: number | null): LiveEdgeReading {
  if (edge === null || !Number.isFinite(edge) || !Number.isFinite(currentTime))
    return { kind: 'live' };
  const behind = edge - currentTime;
  return behind < LIVE_EDGE_SLACK_SECONDS
    ? { kind: 'live' }
    : { kind: 'behind', seconds: Math.floor(behind) };
}

/**
 * The distance in the viewer's language, in seconds under a minute and in whole minutes from
 * there: 'short' for the frame ("12 sec"), 'long' for screen readers ("12 seconds").
 */
export function formatBehind(seconds: number, locale: string, display: 'short' | 'long'): string {
  const minutes = seconds >= 60;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: display,
  }).format(minutes ? Math.floor(seconds / 60) : seconds);
}
