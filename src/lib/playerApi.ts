/**
 * The player API of Vitrine's frames: the postMessage wire protocol of Vimeo's player.js, so
 * a page scripted for Vimeo's player drives ours. Calls come in as `{ method, value }` (or
 * that as a JSON string); each gets its reply `{ method, value }`, or `{ event: 'error', data:
 * { method, name, message } }`; events go out as `{ event, data }` once the page asked for them
 * with addEventListener. The frame says `{ event: 'ready' }` when it can take calls, and
 * answers `ping` in kind. The frame side (src/player/playerApiFrame.ts) and Vitrine's own
 * /player.js (src/player/publicPlayer.ts) both speak it through these definitions.
 */

export interface ApiCall {
  method: string;
  value?: unknown;
}

export type ApiReply =
  | { method: string; value?: unknown }
  | { event: 'error'; data: { method: string; name: string; message: string } };

export interface ApiEvent {
  event: string;
  data?: unknown;
}

/** The events a page may listen for. */
export const API_EVENTS = [
  'play',
  'playing',
  'pause',
  'ended',
  'timeupdate',
  'progress',
  'seeking',
  'seeked',
  'volumechange',
  'durationchange',
  'loaded',
] as const;

export function readApiCall(data: unknown): ApiCall | null {
  let message = data;
  if (typeof message === 'string') {
    try {
      message = JSON.parse(message);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { method, value } = message as { method?: unknown; value?: unknown };
  return typeof method === 'string' && method !== '' ? { method, value } : null;
}

/** What the frame's media offers the API (an HTMLVideoElement, or a fake in tests). */
export interface PlayerSurface {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  volume: number;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
}

export interface PlayerFacts {
  videoId: number;
  title: string;
  /** The video's page on this site. */
  url: string;
  /** Its length in seconds as the catalogue knows it: the media's own is unknown until played (nothing is fetched before). */
  duration: number;
}

/** Timing data of play, pause, timeupdate, seeked… as Vimeo sends it. */
export function timing(media: Pick<PlayerSurface, 'currentTime' | 'duration'>): {
  seconds: number;
  percent: number;
  duration: number;
} {
  const duration = Number.isFinite(media.duration) ? media.duration : 0;
  const seconds = Math.round(media.currentTime * 1000) / 1000;
  return {
    seconds,
    percent: duration > 0 ? Math.round((seconds / duration) * 1000) / 1000 : 0,
    duration,
  };
}

const error = (method: string, name: string, message: string): ApiReply => ({
  event: 'error',
  data: { method, name, message },
});
const finiteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Answers one call. `listening` is the set of events the page asked for; add- and
 * removeEventListener change it.
 */
export async function answerCall(
  media: PlayerSurface,
  facts: PlayerFacts,
  call: ApiCall,
  listening: Set<string>,
): Promise<ApiReply> {
  const { method, value } = call;
  switch (method) {
    case 'ping':
      return { method };
    case 'addEventListener':
    case 'removeEventListener':
      if (typeof value !== 'string')
        return error(method, 'TypeError', 'The event name must be a string.');
      if (method === 'addEventListener') listening.add(value);
      else listening.delete(value);
      return { method };
    case 'play':
      try {
        await media.play();
        return { method };
      } catch (cause) {
        return error(
          method,
          cause instanceof Error ? cause.name : 'Error',
          cause instanceof Error ? cause.message : 'The video could not play.',
        );
      }
    case 'pause':
      media.pause();
      return { method };
    case 'getCurrentTime':
      return { method, value: media.currentTime };
    case 'setCurrentTime': {
      const duration = Number.isFinite(media.duration)
        ? media.duration
        : facts.duration > 0
          ? facts.duration
          : Infinity;
      if (!finiteNumber(value)) return error(method, 'TypeError', 'Seconds must be a number.');
      if (value < 0 || value > duration)
        return error(
          method,
          'RangeError',
          'Seconds must be more than or equal to 0 and less than the duration of the video.',
        );
      media.currentTime = value;
      return { method, value };
    }
    case 'getDuration':
      return { method, value: Number.isFinite(media.duration) ? media.duration : facts.duration };
    case 'getPaused':
      return { method, value: media.paused };
    case 'getEnded':
      return { method, value: media.ended };
    case 'getVolume':
      return { method, value: media.volume };
    case 'setVolume':
      if (!finiteNumber(value) || value < 0 || value > 1)
        return error(method, 'RangeError', 'Volume should be a number between 0 and 1.');
      media.volume = value;
      return { method, value };
    case 'getMuted':
      return { method, value: media.muted };
    case 'setMuted':
      if (typeof value !== 'boolean')
        return error(method, 'TypeError', 'Muted must be true or false.');
      media.muted = value;
      return { method, value };
    case 'getVideoId':
      return { method, value: facts.videoId };
    case 'getVideoTitle':
      return { method, value: facts.title };
    case 'getVideoUrl':
      return { method, value: facts.url };
    default:
      return error(method, 'NotSupportedError', `${method} is not supported by this player.`);
  }
}
