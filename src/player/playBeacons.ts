/**
 * The player frame's own beacons (docs/analytics.md), loaded with the rest of its behaviour
 * once the frame is used: a play, the seconds watched and the parts of the video reached
 * (src/lib/playCounting.ts buckets), a finish; on the air, a ping every LIVE_PING_MS while it
 * plays, under a random number the tab keeps (sessionStorage), so a reload is the same viewer
 * to the concurrent count (src/server/live/liveViewers.ts). They carry no cookie's worth of
 * identity: the framing page's host at most; the server counts them and keeps no viewer.
 */
import { BEACON_PATH, bucketsBetween, LIVE_PING_MS, type BeaconWire } from '../lib/playCounting.ts';

/** A playing frame reports at least this often, so a closed tab loses little. */
const REPORT_MS = 10_000;
/** Longer than a timeupdate's gap: a jump, not play. */
const MAX_STEP_S = 2;
const LIVE_VIEWER_KEY = 'vitrine.liveViewer';

/** This tab's live viewer number, the same after a reload; a new one where storage is refused. */
function liveViewerId(): string {
  try {
    const kept = sessionStorage.getItem(LIVE_VIEWER_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    sessionStorage.setItem(LIVE_VIEWER_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

export function sendPlayBeacons(media: HTMLVideoElement, live: boolean): void {
  const [, album = '', video = ''] =
    /\/showcase\/(\d+)\/video\/(\d+)/.exec(location.pathname) ?? [];
  // An address or nothing: a frame opened by itself has no framing page.
  const referrer = document.referrer && new URL(document.referrer).host;
  const send = (wire: Pick<BeaconWire, 'k'> & Partial<BeaconWire>) =>
    navigator.sendBeacon(
      BEACON_PATH,
      JSON.stringify({ a: Number(album), v: Number(video), r: referrer, ...wire }),
    );

  if (live) {
    const i = liveViewerId();
    const ping = () => !media.paused && send({ k: 'live', i });
    media.addEventListener('playing', ping);
    setInterval(ping, LIVE_PING_MS);
    ping();
    return;
  }

  let playing = false;
  let last: number | null = null;
  let seconds = 0;
  let reached = new Set<number>();
  let fresh: number[] = [];
  const duration = () => Number(media.dataset['videoDuration']) || media.duration || 0;
  const report = (k: 'progress' | 'finish' = 'progress') => {
    const s = Math.floor(seconds);
    if (k === 'progress' && s === 0 && fresh.length === 0) return;
    send({ k, s, b: fresh });
    seconds -= s;
    fresh = [];
  };

  const play = () => {
    if (playing) return;
    playing = true;
    send({ k: 'play' });
  };
  media.addEventListener('play', play);
  // This code loads as the video starts: a play under way already counts.
  if (!media.paused) play();
  media.addEventListener('seeking', () => (last = null));
  media.addEventListener('timeupdate', () => {
    const now = media.currentTime;
    if (last !== null && !media.paused && now > last && now - last < MAX_STEP_S) {
      seconds += now - last;
      for (const bucket of bucketsBetween(last, now, duration()))
        if (!reached.has(bucket)) {
          reached.add(bucket);
          fresh.push(bucket);
        }
    }
    last = now;
  });
  media.addEventListener('pause', () => report());
  media.addEventListener('ended', () => {
    report('finish');
    // Playing it again is another play, reaching every part anew.
    playing = false;
    last = null;
    reached = new Set();
  });
  addEventListener('pagehide', () => report());
  setInterval(() => !media.paused && report(), REPORT_MS);
}
