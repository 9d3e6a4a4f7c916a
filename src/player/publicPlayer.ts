/**
 * /player.js: an ES module whose default export is a Player with the API of Vimeo's
 * `@vimeo/player`, for pages that embed Vitrine's player frame. A page written for Vimeo's
 * library works after changing its import. Built on its own (astro.config.mjs) and served to
 * any site; it speaks the wire protocol of src/lib/playerApi.ts with the frame's origin only.
 */
import { API_EVENTS, readApiCall, type ApiCall } from '../lib/playerApi.ts';

type Listener = (data: unknown) => void;

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
      return;
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

  on(eventName: string, callback: Listener): void {
    if (!(API_EVENTS as readonly string[]).includes(eventName))
      throw new TypeError(`Unknown event: ${eventName}`);
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
  getVolume = (): Promise<number> => this.get('volume') as Promise<number>;
  setVolume = (volume: number): Promise<number> => this.set('volume', volume) as Promise<number>;
  getMuted = (): Promise<boolean> => this.get('muted') as Promise<boolean>;
  setMuted = (muted: boolean): Promise<boolean> => this.set('muted', muted) as Promise<boolean>;
  getVideoId = (): Promise<number> => this.get('videoId') as Promise<number>;
  getVideoTitle = (): Promise<string> => this.get('videoTitle') as Promise<string>;
  getVideoUrl = (): Promise<string> => this.get('videoUrl') as Promise<string>;
  loadVideo = (id: number | string): Promise<unknown> => this.callMethod('loadVideo', id);

  /** Stops listening; the frame stays on the page. */
  destroy(): Promise<void> {
    window.removeEventListener('message', this.#onMessage);
    this.#listeners.clear();
    return Promise.resolve();
  }
}
