/**
 * Starts the frame's video on the best stream the browser can play (src/lib/playerStream.ts).
 * The page lists the HLS playlist and the MP4 as <source> elements, so without JavaScript the
 * browser already plays one of them; hls.js is fetched only where HLS needs it. Where hls.js
 * plays, its ladder is handed on, for the player API to choose a quality from, and, for a live
 * stream, where its live edge is (liveEdgeBar.ts).
 */
import {
  LIVE_PLAYLIST_RETRY,
  LIVE_STREAM_RETRIES,
  liveRetryDelay,
} from '../lib/liveStreamRetry.ts';
import type { QualityLadder } from '../lib/playerQualities.ts';
import { chooseStream, HLS_MIME, MSE_PROBE_TYPE, type StreamChoice } from '../lib/playerStream.ts';
import type { HlsConfig } from 'hls.js';
import type { LiveEdge } from './liveEdgeBar.ts';
import { STREAM_LOST } from './liveStreamEnd.ts';

function hasMediaSource(): boolean {
  const source =
    (window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ??
    window.MediaSource;
  return Boolean(source?.isTypeSupported(MSE_PROBE_TYPE));
}

export async function startStream(
  media: HTMLVideoElement,
  hlsUrl: string | undefined,
  onLadder: (ladder: QualityLadder | null) => void,
  onLiveEdge: (edge: LiveEdge) => void = () => undefined,
): Promise<StreamChoice> {
  const live = media.dataset['live'] !== undefined;
  const choice = chooseStream({
    hasHls: Boolean(hlsUrl),
    nativeHls: media.canPlayType(HLS_MIME) !== '',
    mediaSource: hasMediaSource(),
    live,
  });
  media.dataset['stream'] = choice;
  if (live && choice === 'native-hls') retryNativeLiveStream(media);
  if (choice !== 'hls.js' || !hlsUrl) return choice;
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    media.dataset['stream'] = 'progressive';
    return 'progressive';
  }
  const wasPlaying = !media.paused;
  // No worker: the page's Content-Security-Policy allows no blob: workers, and transmuxing
  // these segments on the main thread is cheap.
  const hls = new Hls({
    capLevelToPlayerSize: true,
    startLevel: -1,
    enableWorker: false,
    // A live stream has no duration: the browser's controls then show no fixed length. Its
    // playlists carry low-latency parts (docs/live.md): played a second behind the edge, and
    // caught up at up to 1.2 × when it drifts behind (never once rewound past a segment).
    ...(live
      ? {
          ...liveLoadPolicies(Hls.DefaultConfig),
          liveDurationInfinity: true,
          lowLatencyMode: true,
          maxLiveSyncPlaybackRate: 1.2,
        }
      : {}),
  });
  if (live) onLiveEdge(() => hls.liveSyncPosition);
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    onLadder(null);
    if (live) onLiveEdge(() => null);
    hls.destroy();
    // A live stream has no MP4: the frame follows its event instead (liveStreamEnd.ts).
    if (live) return void media.dispatchEvent(new Event(STREAM_LOST));
    // A video's stream that cannot go on falls back to the MP4 the page listed.
    media.dataset['stream'] = 'progressive';
    media.load();
  });
  onLadder({
    heights: () => hls.levels.map((level) => level.height),
    chosen: () => (hls.manualLevel === -1 ? null : hls.manualLevel),
    // -1 hands the choice back to bandwidth.
    choose: (level) => void (hls.currentLevel = level ?? -1),
  });
  hls.loadSource(hlsUrl);
  hls.attachMedia(media);
  if (wasPlaying || media.autoplay)
    hls.once(Hls.Events.MANIFEST_PARSED, () => void media.play().catch(() => undefined));
  return choice;
}

type LoadPolicies = Pick<HlsConfig, 'manifestLoadPolicy' | 'playlistLoadPolicy'>;

/** hls.js's own policies, with a live stream's playlists retried until published (liveStreamRetry.ts). */
function liveLoadPolicies(defaults: LoadPolicies): LoadPolicies {
  const retried = (policy: LoadPolicies['manifestLoadPolicy']) => ({
    default: { ...policy.default, errorRetry: LIVE_PLAYLIST_RETRY },
  });
  return {
    manifestLoadPolicy: retried(defaults.manifestLoadPolicy),
    playlistLoadPolicy: retried(defaults.playlistLoadPolicy),
  };
}

/** A browser playing HLS itself gives up on a playlist not published yet: it is loaded again. */
function retryNativeLiveStream(media: HTMLVideoElement): void {
  let attempt = 0;
  // Captured: a failing <source> fires its error on itself, not on the video.
  media.addEventListener(
    'error',
    () => {
      if (attempt >= LIVE_STREAM_RETRIES) return void media.dispatchEvent(new Event(STREAM_LOST));
      const playing = !media.paused || media.autoplay;
      setTimeout(() => {
        media.load();
        if (playing) void media.play().catch(() => undefined);
      }, liveRetryDelay(attempt));
      attempt += 1;
    },
    true,
  );
  media.addEventListener('playing', () => (attempt = 0));
}
