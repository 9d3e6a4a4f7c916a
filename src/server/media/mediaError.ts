/**
 * A media file the pipeline cannot use. Uploads come from strangers, so a broken or hostile
 * file must end as this error (shown to the uploader), never as a crash or a raw ffmpeg log.
 */

export type MediaErrorCode = 'unreadable' | 'no-video' | 'timeout' | 'processing-failed';

/**
 * Safe to show: no paths, no ffmpeg output. The code is the stable part; the i18n layer can
 * key its translations on it.
 */
const USER_MESSAGES: Record<MediaErrorCode, string> = {
  unreadable:
    'This file could not be read as a video. It may be damaged or in a format we do not support.',
  'no-video': 'This file has no video track.',
  timeout: 'This file took too long to process.',
  'processing-failed': 'This video could not be processed.',
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;

  /** `cause` keeps the technical reason (ffmpeg's stderr) for the logs. */
  constructor(code: MediaErrorCode, options?: { cause?: unknown }) {
    super(USER_MESSAGES[code], options);
    this.name = 'MediaError';
    this.code = code;
  }
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}
