/**
 * What the player frame of a live event shows (SPEC §2 player frame, §4 live status): its
 * live stream while on the air, its replay once there is one, and until then a sentence
 * saying when it starts, that the replay is being prepared, or, for an event that records
 * nothing, that it is over. Null for a video that is not a live event, which the frame shows
 * as before.
 */

export type LiveFrameState = 'stream' | 'starting' | 'video' | 'upcoming' | 'preparing' | 'ended';

export interface LiveFrameFacts {
  /** The event's status; null for a video that is not a live event. */
  status: string | null;
  /** The video carries an HLS playlist. */
  hasHls: boolean;
  /** The video has a playable MP4. */
  hasFile: boolean;
  /** The event's broadcasts become its replay. */
  savesReplay: boolean;
}

export function liveFrameState({
  status,
  hasHls,
  hasFile,
  savesReplay,
}: LiveFrameFacts): LiveFrameState | null {
  if (status === null) return null;
  // On the air before its first playlist is published: a moment later it plays.
  if (status === 'streaming') return hasHls ? 'stream' : 'starting';
  if (hasFile) return 'video';
  if (status === 'done') return savesReplay ? 'preparing' : 'ended';
  return 'upcoming';
}

/** What a waiting frame learns from its poll (GET /albums/{albumId}/videos/{videoId}). */
export interface PolledFrameFacts {
  status: string | null;
  hasHls: boolean;
  archived: boolean;
  /** The event left the showcase (error code 8003). */
  gone: boolean;
}

/**
 * A frame that shows a sentence instead of a picture reloads once there is something to play:
 * the event went on the air, its stream's first playlist is out, its replay is ready, or the
 * event is gone (the reload then says so). The video view follows its event alike.
 */
export function frameShouldReload(
  shown: { state: LiveFrameState; status: string },
  polled: PolledFrameFacts,
): boolean {
  if (polled.gone) return true;
  if (polled.status === null) return false;
  if (shown.state === 'starting') return polled.hasHls || polled.status !== 'streaming';
  if (shown.state === 'preparing') return polled.archived;
  // A page showing the event on the air (its frame follows the stream itself) changes once
  // the broadcast is over, whatever the event does next.
  if (shown.state === 'stream') return polled.status !== 'streaming';
  return (
    polled.status !== shown.status && (polled.status === 'streaming' || polled.status === 'done')
  );
}

/** The storage key a signed media address names, whatever its expiry and signature. */
function mediaKeyOf(address: string): string {
  const { pathname } = new URL(address, 'http://frame.invalid');
  return pathname.replace(/^\/media\/p\/\d+\/[^/]+\//, '').replace(/^\/media\//, '');
}

/** What a frame whose live stream ended or broke learns from its poll. */
export interface PolledStream {
  status: string | null;
  /** The event's stream now, or null when it has none. */
  hls: string | null;
  gone: boolean;
}

/**
 * A frame whose live stream ended or broke reloads once its event has moved on: on the air in
 * another broadcast (its encoder went on through another node), off the air (its replay
 * follows), or gone. While the event still streams what the frame played, it asks again.
 */
export function streamMovedOn(playing: string, polled: PolledStream): boolean {
  if (polled.gone) return true;
  if (polled.status === null) return false;
  if (polled.status !== 'streaming') return true;
  return polled.hls !== null && mediaKeyOf(polled.hls) !== mediaKeyOf(playing);
}
