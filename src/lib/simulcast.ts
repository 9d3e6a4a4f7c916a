/**
 * Simulcast destinations of a live event: where the broadcast is relayed as it arrives (YouTube,
 * Twitch, another Vitrine, any RTMP server), what the owner may enter, and how a relay that fails
 * is tried again without ever holding the others back.
 */

/** What the studio shows of a destination's relay. */
export const SIMULCAST_STATUSES = ['idle', 'connecting', 'live', 'retrying', 'stopped'] as const;
export type SimulcastStatus = (typeof SIMULCAST_STATUSES)[number];

export const SIMULCAST_NAME_MAX = 80;
export const SIMULCAST_URL_MAX = 500;
export const SIMULCAST_KEY_MAX = 500;

export interface SimulcastInput {
  name: string;
  url: string;
  /** Empty: keep the saved key (an edit that does not replace it). */
  key: string;
  enabled: boolean;
}

export type SimulcastField = 'name' | 'url' | 'key';
export type SimulcastError =
  | 'nameRequired'
  | 'nameTooLong'
  | 'urlRequired'
  | 'urlTooLong'
  | 'urlScheme'
  | 'keyRequired'
  | 'keyTooLong';
export type SimulcastErrors = Partial<Record<SimulcastField, SimulcastError>>;

/**
 * The form's fields, judged. A destination is an RTMP or RTMPS server: anything else would be
 * handed to ffmpeg as an output it might read from or write to on this machine (file:, http:).
 * `keyRequired`: a new destination needs its key; an edit keeps the saved one when left empty.
 */
export function checkSimulcast(input: SimulcastInput, keyRequired: boolean): SimulcastErrors {
  const errors: SimulcastErrors = {};
  if (input.name.trim() === '') errors.name = 'nameRequired';
  else if (input.name.length > SIMULCAST_NAME_MAX) errors.name = 'nameTooLong';
  const url = input.url.trim();
  if (url === '') errors.url = 'urlRequired';
  else if (url.length > SIMULCAST_URL_MAX) errors.url = 'urlTooLong';
  else if (!isRtmpUrl(url)) errors.url = 'urlScheme';
  if (keyRequired && input.key.trim() === '') errors.key = 'keyRequired';
  else if (input.key.length > SIMULCAST_KEY_MAX) errors.key = 'keyTooLong';
  return errors;
}

/** rtmp:// or rtmps:// with a host, nothing ffmpeg would read as an option or a local file. */
export function isRtmpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'rtmp:' || url.protocol === 'rtmps:') && url.hostname !== '';
}

/**
 * Where ffmpeg publishes: the server's address and the key as its last path segment, as OBS
 * joins "Server" and "Stream key". A key with its own query (YouTube's backup ingest) keeps it.
 */
export function publishUrl(url: string, key: string): string {
  return `${url.trim().replace(/\/+$/, '')}/${key.trim()}`;
}

/** Said of a key the site can no longer open (its vault secret was set anew): the owner enters it again. */
export const KEY_UNREADABLE = 'key_unreadable';
/** Said when a destination takes the stream slower than it comes. */
export const RELAY_TOO_SLOW = 'too_slow';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
/** A relay that stayed up this long had a fault of the moment: its next failure starts over. */
export const STEADY_MS = 30_000;

/**
 * Wait before relay attempt `failures + 1`: doubling from 2 s to a minute, so a destination
 * that refuses (a wrong key, a server down) is asked again without hammering it.
 */
export function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** Failures counted for the next wait: reset by a relay that ran steadily before it failed. */
export function failuresAfter(failures: number, ranMs: number): number {
  return ranMs >= STEADY_MS ? 1 : failures + 1;
}

/** The last line of ffmpeg's complaint worth showing the owner, with the key never in it. */
export function relayError(stderr: string, key: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const last = lines.at(-1) ?? 'the relay stopped';
  const hidden = key.trim() === '' ? last : last.split(key.trim()).join('••••');
  return hidden.slice(0, 300);
}
