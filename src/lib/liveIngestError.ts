/**
 * Why a push to the live ingest ended or was refused, as the ingest stores it in
 * live_events.last_error and the owner's "Go live" panel explains it. Each code names what
 * the owner can do about it, so the panel's message is the encoder setting to change.
 */
import type { TranslationKey } from './translationKeys.ts';

export const LIVE_INGEST_ERRORS = [
  'no_video',
  'unsupported_codec',
  'too_demanding',
  'already_live',
  'stalled',
  'packager_failed',
] as const;

export type LiveIngestError = (typeof LIVE_INGEST_ERRORS)[number];

export function isLiveIngestError(value: unknown): value is LiveIngestError {
  return (LIVE_INGEST_ERRORS as readonly unknown[]).includes(value);
}

const MESSAGE_KEYS: Record<LiveIngestError, TranslationKey> = {
  no_video: 'golive.errorNoVideo',
  unsupported_codec: 'golive.errorUnsupportedCodec',
  too_demanding: 'golive.errorTooDemanding',
  already_live: 'golive.errorAlreadyLive',
  stalled: 'golive.errorStalled',
  packager_failed: 'golive.errorPackagerFailed',
};

/** The i18n key explaining a code to the owner. */
export function liveIngestErrorKey(code: LiveIngestError): TranslationKey {
  return MESSAGE_KEYS[code];
}

/**
 * The message key for what live_events.last_error holds: none when it is empty, and a
 * general one for a code this version does not know (written by a newer node, say).
 */
export function lastIngestErrorKey(stored: string | null | undefined): TranslationKey | null {
  if (!stored) return null;
  return isLiveIngestError(stored) ? liveIngestErrorKey(stored) : 'golive.errorOther';
}
