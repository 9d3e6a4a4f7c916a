/**
 * A frame playing a live stream follows its event when the stream ends (its playlist was
 * closed: the broadcast ended, or its node died and another closed it) or breaks: it asks
 * about the event at once and then at the live poll's pace (SPEC §9), and reloads once the
 * event has moved on (src/lib/liveFrame.ts), to its new broadcast or to what follows it. A
 * stream that waits for data longer than a few segments is asked about too: a dead node's
 * playlist stops growing before another node closes it, and a player at its edge may then wait
 * for a part that never comes instead of ending.
 */
import { streamMovedOn } from '../lib/liveFrame.ts';
import { LIVE_POLL_STREAMING_MS } from '../lib/livePolling.ts';
import { pollLiveEvent } from './liveEventPoll.ts';

/** Sent by startStream.ts when a live stream cannot go on. */
export const STREAM_LOST = 'vitrine:stream-lost';
/** Five 2-second segments without a frame: longer than any stall a live network rides out. */
const STALLED_MS = 10_000;

export function followLiveEvent(media: HTMLVideoElement): void {
  const { album, videoId: video, query = '{}', hls } = media.dataset;
  if (!album || !video || !hls) return;
  let following = false;
  const ask = async () => {
    const polled = await pollLiveEvent({ album, video, query });
    if (polled && streamMovedOn(hls, polled)) return location.reload();
    setTimeout(() => void ask(), LIVE_POLL_STREAMING_MS);
  };
  const follow = () => {
    if (following) return;
    following = true;
    void ask();
  };
  media.addEventListener('ended', follow);
  media.addEventListener(STREAM_LOST, follow);
  let stalled: ReturnType<typeof setTimeout> | undefined;
  media.addEventListener('waiting', () => {
    clearTimeout(stalled);
    stalled = setTimeout(follow, STALLED_MS);
  });
  media.addEventListener('playing', () => clearTimeout(stalled));
}
