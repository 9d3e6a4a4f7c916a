/**
 * How a player frame answers each call of the player API (src/lib/playerApi.ts): every method
 * Vimeo's player.js documents, done with the frame's video element and what the frame adds
 * (FrameControls), or refused with the `UnsupportedError` Vimeo's player gives for a feature it
 * lacks. Pure: the frame passes its video, a test passes a fake.
 */
import type { ApiCall, ApiReply } from './playerApi.ts';
import type { CuePoints } from './playerCuePoints.ts';
import {
  chooseQuality,
  currentQuality,
  listQualities,
  type QualityLadder,
} from './playerQualities.ts';
import {
  chapterAt,
  disableTextTracks,
  enableTextTrack,
  listChapters,
  listTextTracks,
  type TextTrackLike,
} from './playerTracks.ts';

export interface TimeRangesLike {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/** What the frame's media offers the API (an HTMLVideoElement, or a fake in tests). */
export interface PlayerSurface {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly seeking: boolean;
  volume: number;
  muted: boolean;
  loop: boolean;
  playbackRate: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  readonly buffered: TimeRangesLike;
  readonly played: TimeRangesLike;
  readonly seekable: TimeRangesLike;
  readonly textTracks: ArrayLike<TextTrackLike>;
  play(): Promise<void>;
  pause(): void;
}

export interface PlayerFacts {
  videoId: number;
  title: string;
  /** The video's page on this site. */
  url: string;
  /** The address of this frame as another page would embed it: no viewer's token in it. */
  embedUrl: string;
  /** Its length in seconds as the catalogue knows it: the media's own is unknown until played (nothing is fetched before). */
  duration: number;
  /** Its size as uploaded, which the media tells only once it has loaded. */
  width: number;
  height: number;
}

/** A state of the frame the browser may refuse to enter, as it does without a user's gesture. */
export interface FrameMode {
  active(): boolean;
  enter(): Promise<void>;
  exit(): Promise<void>;
}

/** What the frame offers beyond its media element; null where the browser has no such thing. */
export interface FrameControls {
  /** The page tells the frame when it put the frame's element in fullscreen itself, as Vimeo's library does. */
  fullscreen: FrameMode & { heardFromPage(active: boolean): void };
  pictureInPicture: FrameMode | null;
  remotePlayback: {
    state(): string;
    available(): Promise<boolean>;
    prompt(): Promise<void>;
  } | null;
  /** Whether another player of this site starting pauses this one (SPEC §2). */
  autopause: { on: boolean } | null;
  /** The HLS ladder once hls.js plays it. */
  ladder(): QualityLadder | null;
  cuePoints: CuePoints;
}

export interface FramePlayer {
  media: PlayerSurface;
  facts: PlayerFacts;
  controls: FrameControls;
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

/** Time ranges (buffered, played, seekable) as Vimeo sends them: `[start, end]` pairs. */
export function timeRanges(ranges: TimeRangesLike): [number, number][] {
  return Array.from({ length: ranges.length }, (_, index) => [
    ranges.start(index),
    ranges.end(index),
  ]);
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The iframe a page pastes to show this video, 640 wide in the video's proportions. */
export function embedCode({ embedUrl, title, width, height }: PlayerFacts): string {
  const frameHeight = width > 0 && height > 0 ? Math.round((640 * height) / width) : 360;
  return `<iframe src="${attribute(embedUrl)}" width="640" height="${frameHeight}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="${attribute(title)}"></iframe>`;
}

const apiError = (name: string, message: string) => Object.assign(new Error(message), { name });
/** The error of a feature this player or browser lacks, as Vimeo's player gives it. */
export const unsupported = (what: string): Error =>
  apiError('UnsupportedError', `${what} not supported with the current player or browser.`);

const finiteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw apiError('TypeError', `${what} must be true or false.`);
  return value;
}

function eventName(value: unknown): string {
  if (typeof value !== 'string') throw apiError('TypeError', 'The event name must be a string.');
  return value;
}

/** The video's length, from the media once it knows it, else from the catalogue. */
function knownDuration({ media, facts }: FramePlayer): number {
  return Number.isFinite(media.duration)
    ? media.duration
    : facts.duration > 0
      ? facts.duration
      : Infinity;
}

function withinVideo(player: FramePlayer, value: unknown, message: string): number {
  if (!finiteNumber(value)) throw apiError('TypeError', 'Seconds must be a number.');
  if (value < 0 || value > knownDuration(player)) throw apiError('RangeError', message);
  return value;
}

function remotePlayback({ controls }: FramePlayer): NonNullable<FrameControls['remotePlayback']> {
  if (!controls.remotePlayback) throw unsupported('Remote playback is');
  return controls.remotePlayback;
}

function pictureInPicture({ controls }: FramePlayer): FrameMode {
  if (!controls.pictureInPicture) throw unsupported('Picture-in-picture is');
  return controls.pictureInPicture;
}

function autopause({ controls }: FramePlayer): { on: boolean } {
  if (!controls.autopause) throw unsupported('Autopause is');
  return controls.autopause;
}

type Handler = (player: FramePlayer, value: unknown, listening: Set<string>) => unknown;

/** Vimeo's methods, by the name their calls carry, as this player answers them. */
const METHODS: Record<string, Handler> = {
  ping: () => undefined,
  addEventListener: (_, value, listening) => void listening.add(eventName(value)),
  removeEventListener: (_, value, listening) => void listening.delete(eventName(value)),
  play: ({ media }) => media.play(),
  pause: ({ media }) => media.pause(),
  getCurrentTime: ({ media }) => media.currentTime,
  setCurrentTime: (player, value) =>
    (player.media.currentTime = withinVideo(
      player,
      value,
      'Seconds must be more than or equal to 0 and less than the duration of the video.',
    )),
  getDuration: (player) => {
    const duration = knownDuration(player);
    return Number.isFinite(duration) ? duration : 0;
  },
  getPaused: ({ media }) => media.paused,
  getEnded: ({ media }) => media.ended,
  getSeeking: ({ media }) => media.seeking,
  getVolume: ({ media }) => media.volume,
  setVolume: ({ media }, value) => {
    if (!finiteNumber(value) || value < 0 || value > 1)
      throw apiError('RangeError', 'Volume should be a number between 0 and 1.');
    return (media.volume = value);
  },
  getMuted: ({ media }) => media.muted,
  setMuted: ({ media }, value) => (media.muted = boolean(value, 'Muted')),
  getLoop: ({ media }) => media.loop,
  setLoop: ({ media }, value) => (media.loop = boolean(value, 'Loop')),
  getPlaybackRate: ({ media }) => media.playbackRate,
  setPlaybackRate: ({ media }, value) => {
    // The rates Vimeo's player offers; the browser would take more.
    if (!finiteNumber(value) || value < 0.5 || value > 2)
      throw apiError('RangeError', 'Playback rate must be a number between 0.5 and 2.');
    return (media.playbackRate = value);
  },
  getBuffered: ({ media }) => timeRanges(media.buffered),
  getPlayed: ({ media }) => timeRanges(media.played),
  getSeekable: ({ media }) => timeRanges(media.seekable),
  getVideoWidth: ({ media, facts }) => media.videoWidth || facts.width,
  getVideoHeight: ({ media, facts }) => media.videoHeight || facts.height,
  getVideoId: ({ facts }) => facts.videoId,
  getVideoTitle: ({ facts }) => facts.title,
  getVideoUrl: ({ facts }) => facts.url,
  getVideoEmbedCode: ({ facts }) => embedCode(facts),
  getTextTracks: ({ media }) => listTextTracks(media.textTracks),
  enableTextTrack: ({ media }, value) => {
    const { language, kind, showing } = (value ?? {}) as {
      language?: unknown;
      kind?: unknown;
      showing?: unknown;
    };
    if (typeof language !== 'string') throw apiError('TypeError', 'The language must be a string.');
    return enableTextTrack(
      media.textTracks,
      language,
      typeof kind === 'string' ? kind : null,
      showing !== false,
    );
  },
  disableTextTrack: ({ media }) => disableTextTracks(media.textTracks),
  getChapters: ({ media }) => listChapters(media.textTracks),
  getCurrentChapter: ({ media }) => chapterAt(listChapters(media.textTracks), media.currentTime),
  getCuePoints: ({ controls }) => controls.cuePoints.list(),
  addCuePoint: (player, value) => {
    const { time, data = {} } = (value ?? {}) as { time?: unknown; data?: unknown };
    const seconds = withinVideo(
      player,
      time,
      'Cue point cannot be placed before 0 or after the duration of the video.',
    );
    return player.controls.cuePoints.add(seconds, data);
  },
  removeCuePoint: ({ controls }, value) => {
    if (!controls.cuePoints.remove(value))
      throw apiError('InvalidCuePoint', 'No cue point has that id.');
    return value;
  },
  getQualities: ({ controls }) => listQualities(controls.ladder()),
  getQuality: ({ controls }) => currentQuality(controls.ladder()),
  setQuality: ({ controls }, value) => {
    if (!chooseQuality(controls.ladder(), value))
      throw apiError('TypeError', 'The quality selected is not valid.');
    return value;
  },
  getAutopause: (player) => autopause(player).on,
  setAutopause: (player, value) => (autopause(player).on = boolean(value, 'Autopause')),
  requestFullscreen: ({ controls }) => controls.fullscreen.enter(),
  exitFullscreen: ({ controls }) => controls.fullscreen.exit(),
  getFullscreen: ({ controls }) => controls.fullscreen.active(),
  fullscreenchange: ({ controls }, value) => controls.fullscreen.heardFromPage(value === true),
  requestPictureInPicture: (player) => pictureInPicture(player).enter(),
  exitPictureInPicture: (player) => pictureInPicture(player).exit(),
  getPictureInPicture: (player) => pictureInPicture(player).active(),
  remotePlaybackPrompt: (player) => remotePlayback(player).prompt(),
  getRemotePlaybackAvailability: (player) => remotePlayback(player).available(),
  getRemotePlaybackState: (player) => remotePlayback(player).state(),
};

/** Vimeo's methods a player with the browser's own controls and one video has no part for. */
const UNSUPPORTED: Record<string, string> = {
  ...Object.fromEntries(
    [
      'getAudioTracks',
      'getEnabledAudioTrack',
      'getDefaultAudioTrack',
      'selectAudioTrack',
      'selectDefaultAudioTrack',
    ].map((method) => [method, 'Audio tracks are']),
  ),
  ...Object.fromEntries(
    ['', 'One', 'Two', 'Three', 'Four'].flatMap((which) => [
      [`getColor${which}`, 'Player colors are'],
      [`setColor${which}`, 'Player colors are'],
    ]),
  ),
  getCameraProps: '360° video is',
  setCameraProps: '360° video is',
  loadVideo: 'Loading another video is',
  unload: 'Unloading the player is',
};

/** Every method a page may call, by the name its call carries. */
export const API_METHODS = [...Object.keys(METHODS), ...Object.keys(UNSUPPORTED)];

/**
 * Answers one call. `listening` is the set of events the page asked for; add- and
 * removeEventListener change it.
 */
export async function answerCall(
  player: FramePlayer,
  { method, value }: ApiCall,
  listening: Set<string>,
): Promise<ApiReply> {
  try {
    const handler = METHODS[method];
    const unsupportedWhat = UNSUPPORTED[method];
    if (!handler)
      throw unsupportedWhat
        ? unsupported(unsupportedWhat)
        : apiError('UnsupportedError', `${method} is not a method of this player.`);
    const answer = await handler(player, value, listening);
    return answer === undefined ? { method } : { method, value: answer };
  } catch (cause) {
    const { name, message } =
      cause instanceof Error ? cause : { name: 'Error', message: `${method} failed.` };
    return { event: 'error', data: { method, name, message } };
  }
}
