/**
 * How the player frame plays a video (DESIGN.md: HLS natively where the browser can,
 * hls.js only where it cannot, the MP4 as last resort). A live stream is the exception: it
 * plays through hls.js wherever Media Source Extensions exist, because native players differ
 * in following a sliding window (Chromium's stops when a refresh brings no new segment). Pure,
 * so the rule is tested apart from any browser.
 */

export type StreamChoice = 'native-hls' | 'hls.js' | 'progressive';

export interface StreamSupport {
  /** The video has an HLS master playlist. */
  hasHls: boolean;
  /** video.canPlayType('application/vnd.apple.mpegurl') is not ''. */
  nativeHls: boolean;
  /** Media Source Extensions can play H.264 and AAC in MP4 (what hls.js needs). */
  mediaSource: boolean;
  /** The stream is a live broadcast. */
  live?: boolean;
}

export function chooseStream({
  hasHls,
  nativeHls,
  mediaSource,
  live = false,
}: StreamSupport): StreamChoice {
  if (!hasHls) return 'progressive';
  if (live && mediaSource) return 'hls.js';
  if (nativeHls) return 'native-hls';
  return mediaSource ? 'hls.js' : 'progressive';
}

export const HLS_MIME = 'application/vnd.apple.mpegurl';
export const MSE_PROBE_TYPE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';
