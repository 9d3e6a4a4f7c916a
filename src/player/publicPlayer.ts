/**
 * /player.js: an ES module whose default export is a Player with the API of Vimeo's
 * `@vimeo/player`, for pages that embed Vitrine's player frame. A page written for Vimeo's
 * library works after changing its import. Built on its own (astro.config.mjs) and served to
 * any site; it speaks the wire protocol of src/lib/playerApi.ts with the frame's origin only.
 * It has every method Vimeo documents: what the frame cannot do fails with the frame's
 * `UnsupportedError`, as it does with Vimeo's own library, never with a missing function.
 */
import { readApiCall, type ApiCall } from '../lib/playerApi.ts';

type Listener = (data: unknown) => void;
type TimeRange = [start: number, end: number];

/** getColors and setColors go through Vimeo's four colour slots, one call each. */
const COLOR_SLOTS = ['One', 'Two', 'Three', 'Four'];

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface PlayerOptions {
  /** The address of a Vitrine player frame, when `element` is a container to put it in. */
  url?: string;
  width?: number;
  height?: number;
}

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

export default class Player {
  readonly element: HTMLIFrameElement;
  readonly #origin: string;
  readonly #ready: Promise<void>;
  readonly #pending = new Map<string, Pending[]>();
  readonly #listeners = new Map<string, Set<Listener>>();
  #onMessage: (event: MessageEvent) => void = () => undefined;
  /** Tells the frame when the page puts its iframe in fullscreen or takes it out. */
  readonly #onFullscreen = (event: Event) => {
    const fullscreen = document.fullscreenElement === this.element;
    if (fullscreen || event.target === this.element)
      void this.#ready.then(() => this.#post({ method: 'fullscreenchange', value: fullscreen }));
  };

  constructor(element: HTMLElement | string, options: PlayerOptions = {}) {
    const found = typeof element === 'string' ? document.getElementById(element) : element;
    if (!found) throw new TypeError('You must pass either a valid element or a valid id.');
    this.element = found instanceof HTMLIFrameElement ? found : Player.#frameIn(found, options);
    this.#origin = new URL(this.element.src, window.location.href).origin;
    this.#ready = new Promise((resolve) => {
      this.#onMessage = (event: MessageEvent) => {
        if (event.source !== this.element.contentWindow || event.origin !== this.#origin) return;
        const data = parse(event.data);
        if (!data) return;
        if (data['event'] === 'ready' || data['method'] === 'ping') return resolve();
        this.#receive(data);
      };
      window.addEventListener('message', this.#onMessage);
    });
    // The frame may be ready already: it answers a ping as it would announce itself.
    this.#post({ method: 'ping' });
    this.element.addEventListener('load', () => this.#post({ method: 'ping' }));
    document.addEventListener('fullscreenchange', this.#onFullscreen);
  }

  static #frameIn(
    container: HTMLElement,
    { url, width = 640, height = 360 }: PlayerOptions,
  ): HTMLIFrameElement {
    const existing = container.querySelector('iframe');
    if (existing) return existing;
    if (!url)
      throw new TypeError('Pass the iframe of a Vitrine player, or a container and options.url.');
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.width = String(width);
    frame.height = String(height);
    frame.allow = 'autoplay; fullscreen; picture-in-picture';
    frame.style.border = '0';
    container.appendChild(frame);
    return frame;
  }

  #post(call: ApiCall): void {
    this.element.contentWindow?.postMessage(call, this.#origin);
  }

  #receive(data: Record<string, unknown>): void {
    if (data['event'] === 'error') {
      const { method, name, message } = (data['data'] ?? {}) as {
        method?: string;
        name?: string;
        message?: string;
      };
      const pending = method ? this.#pending.get(method)?.shift() : undefined;
      pending?.reject(
        Object.assign(new Error(message ?? 'Player error'), { name: name ?? 'Error' }),
      );
      // As with Vimeo's library, the page's error listeners hear of it too.
    }
    if (typeof data['event'] === 'string') {
      for (const listener of this.#listeners.get(data['event']) ?? []) listener(data['data']);
      return;
    }
    const reply = readApiCall(data);
    if (reply) this.#pending.get(reply.method)?.shift()?.resolve(reply.value);
  }

  /** Sends a call once the frame is ready; settles with the frame's reply. */
  callMethod(method: string, value?: unknown): Promise<unknown> {
    return this.#ready.then(
      () =>
        new Promise((resolve, reject) => {
          const queue = this.#pending.get(method) ?? [];
          queue.push({ resolve, reject });
          this.#pending.set(method, queue);
          this.#post(value === undefined ? { method } : { method, value });
        }),
    );
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  /** Any event Vimeo documents may be listened for: the ones this player has no part in never come. */
  on(eventName: string, callback: Listener): void {
    if (!eventName) throw new TypeError('You must pass an event name.');
    if (typeof callback !== 'function') throw new TypeError('The callback must be a function.');
    const listeners = this.#listeners.get(eventName) ?? new Set();
    if (listeners.size === 0)
      void this.callMethod('addEventListener', eventName).catch(() => undefined);
    listeners.add(callback);
    this.#listeners.set(eventName, listeners);
  }

  off(eventName: string, callback?: Listener): void {
    const listeners = this.#listeners.get(eventName);
    if (!listeners) return;
    if (callback) listeners.delete(callback);
    else listeners.clear();
    if (listeners.size === 0)
      void this.callMethod('removeEventListener', eventName).catch(() => undefined);
  }

  get(name: string): Promise<unknown> {
    return this.callMethod(`get${capitalise(name)}`);
  }

  set(name: string, value: unknown): Promise<unknown> {
    if (value === undefined || value === null)
      return Promise.reject(new TypeError('There must be a value to set.'));
    return this.callMethod(`set${capitalise(name)}`, value);
  }

  play = (): Promise<void> => this.callMethod('play').then(() => undefined);
  pause = (): Promise<void> => this.callMethod('pause').then(() => undefined);
  getCurrentTime = (): Promise<number> => this.get('currentTime') as Promise<number>;
  setCurrentTime = (seconds: number): Promise<number> =>
    this.set('currentTime', seconds) as Promise<number>;
  getDuration = (): Promise<number> => this.get('duration') as Promise<number>;
  getPaused = (): Promise<boolean> => this.get('paused') as Promise<boolean>;
  getEnded = (): Promise<boolean> => this.get('ended') as Promise<boolean>;
  getSeeking = (): Promise<boolean> => this.get('seeking') as Promise<boolean>;
  getVolume = (): Promise<number> => this.get('volume') as Promise<number>;
  setVolume = (volume: number): Promise<number> => this.set('volume', volume) as Promise<number>;
  getMuted = (): Promise<boolean> => this.get('muted') as Promise<boolean>;
  setMuted = (muted: boolean): Promise<boolean> => this.set('muted', muted) as Promise<boolean>;
  getLoop = (): Promise<boolean> => this.get('loop') as Promise<boolean>;
  setLoop = (loop: boolean): Promise<boolean> => this.set('loop', loop) as Promise<boolean>;
  getPlaybackRate = (): Promise<number> => this.get('playbackRate') as Promise<number>;
  setPlaybackRate = (rate: number): Promise<number> =>
    this.set('playbackRate', rate) as Promise<number>;
  getBuffered = (): Promise<TimeRange[]> => this.get('buffered') as Promise<TimeRange[]>;
  getPlayed = (): Promise<TimeRange[]> => this.get('played') as Promise<TimeRange[]>;
  getSeekable = (): Promise<TimeRange[]> => this.get('seekable') as Promise<TimeRange[]>;
  getVideoId = (): Promise<number> => this.get('videoId') as Promise<number>;
  getVideoTitle = (): Promise<string> => this.get('videoTitle') as Promise<string>;
  getVideoUrl = (): Promise<string> => this.get('videoUrl') as Promise<string>;
  getVideoEmbedCode = (): Promise<string> => this.get('videoEmbedCode') as Promise<string>;
  getVideoWidth = (): Promise<number> => this.get('videoWidth') as Promise<number>;
  getVideoHeight = (): Promise<number> => this.get('videoHeight') as Promise<number>;
  getTextTracks = (): Promise<unknown[]> => this.get('textTracks') as Promise<unknown[]>;
  enableTextTrack = (language: string, kind: string | null = null, showing = true) =>
    this.callMethod('enableTextTrack', { language, kind, showing });
  disableTextTrack = (): Promise<void> => this.callMethod('disableTextTrack').then(() => undefined);
  getChapters = (): Promise<unknown[]> => this.get('chapters') as Promise<unknown[]>;
  getCurrentChapter = (): Promise<unknown> => this.get('currentChapter');
  getCuePoints = (): Promise<unknown[]> => this.get('cuePoints') as Promise<unknown[]>;
  addCuePoint = (time: number, data: object = {}): Promise<string> =>
    this.callMethod('addCuePoint', { time, data }) as Promise<string>;
  removeCuePoint = (id: string): Promise<string> =>
    this.callMethod('removeCuePoint', id) as Promise<string>;
  getQualities = (): Promise<unknown[]> => this.get('qualities') as Promise<unknown[]>;
  getQuality = (): Promise<string> => this.get('quality') as Promise<string>;
  setQuality = (quality: string): Promise<string> =>
    this.set('quality', quality) as Promise<string>;
  getAutopause = (): Promise<boolean> => this.get('autopause') as Promise<boolean>;
  setAutopause = (autopause: boolean): Promise<boolean> =>
    this.set('autopause', autopause) as Promise<boolean>;
  getColor = (): Promise<string> => this.get('color') as Promise<string>;
  setColor = (color: string): Promise<string> => this.set('color', color) as Promise<string>;
  getColors = (): Promise<unknown[]> =>
    Promise.all(COLOR_SLOTS.map((slot) => this.get(`color${slot}`)));
  /** As Vimeo's library: a slot left out keeps its colour. */
  setColors = (colors: string[]): Promise<unknown[]> =>
    Promise.all(
      COLOR_SLOTS.map((slot, at) =>
        colors[at] ? this.set(`color${slot}`, colors[at]) : Promise.resolve(null),
      ),
    );
  getCameraProps = (): Promise<unknown> => this.get('cameraProps');
  setCameraProps = (props: object): Promise<unknown> => this.set('cameraProps', props);
  getAudioTracks = (): Promise<unknown[]> => this.get('audioTracks') as Promise<unknown[]>;
  getEnabledAudioTrack = (): Promise<unknown> => this.get('enabledAudioTrack');
  getDefaultAudioTrack = (): Promise<unknown> => this.get('defaultAudioTrack');
  selectAudioTrack = (language: string, kind?: string): Promise<unknown> =>
    this.callMethod('selectAudioTrack', { language, kind });
  selectDefaultAudioTrack = (): Promise<unknown> => this.callMethod('selectDefaultAudioTrack');
  requestPictureInPicture = (): Promise<void> =>
    this.callMethod('requestPictureInPicture').then(() => undefined);
  exitPictureInPicture = (): Promise<void> =>
    this.callMethod('exitPictureInPicture').then(() => undefined);
  getPictureInPicture = (): Promise<boolean> => this.get('pictureInPicture') as Promise<boolean>;
  remotePlaybackPrompt = (): Promise<void> =>
    this.callMethod('remotePlaybackPrompt').then(() => undefined);
  getRemotePlaybackAvailability = (): Promise<boolean> =>
    this.get('remotePlaybackAvailability') as Promise<boolean>;
  getRemotePlaybackState = (): Promise<string> =>
    this.get('remotePlaybackState') as Promise<string>;
  loadVideo = (id: number | string): Promise<unknown> => this.callMethod('loadVideo', id);
  unload = (): Promise<void> => this.callMethod('unload').then(() => undefined);
  /** Timing objects (setTimingSrc) would need a connector this library does not carry. */
  setTimingSrc = (): Promise<never> =>
    Promise.reject(
      Object.assign(new Error('Timing objects are not supported by this player.'), {
        name: 'UnsupportedError',
      }),
    );

  /** As Vimeo's library: the iframe itself goes fullscreen, from the page, where it may. */
  requestFullscreen = (): Promise<void> =>
    document.fullscreenEnabled
      ? this.element.requestFullscreen()
      : this.callMethod('requestFullscreen').then(() => undefined);
  exitFullscreen = (): Promise<void> =>
    document.fullscreenElement === this.element
      ? document.exitFullscreen()
      : this.callMethod('exitFullscreen').then(() => undefined);
  getFullscreen = (): Promise<boolean> =>
    document.fullscreenElement === this.element
      ? Promise.resolve(true)
      : (this.get('fullscreen') as Promise<boolean>);

  /** Stops listening; the frame stays on the page. */
  destroy(): Promise<void> {
    window.removeEventListener('message', this.#onMessage);
    document.removeEventListener('fullscreenchange', this.#onFullscreen);
    this.#listeners.clear();
    return Promise.resolve();
  }
}
