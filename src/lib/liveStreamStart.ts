/**
 * When a live push has shown enough to be packaged, or why it cannot be: H.264 video is
 * required (what OBS and every RTMP encoder send by default; the 2018 ffmpeg the demo may run
 * cannot read enhanced-RTMP HEVC or AV1), with AAC or MP3 sound or none.
 */
import type { LiveIngestError } from './liveIngestError.ts';

/** FLV codec ids (video: 7 is AVC/H.264; audio: 10 is AAC, 2 is MP3). */
export const FLV_H264 = 7;
const ACCEPTED_AUDIO = new Set([10, 2]);

/** How long a push may send no video before it is refused as having none. */
export const NO_VIDEO_MS = 10_000;
/** After the video's configuration, how long to wait for the sound's before going without. */
export const AUDIO_WAIT_MS = 1_500;

export interface StreamSeen {
  videoCodec: number | null;
  videoConfigured: boolean;
  audioCodec: number | null;
  /** The encoder's metadata says whether it sends sound; null without metadata. */
  metadataHasAudio: boolean | null;
  msSinceFirstPacket: number;
  msSinceVideoConfigured: number | null;
}

export type StreamStart =
  | { wait: true }
  | { start: { hasAudio: boolean } }
  | { refuse: Extract<LiveIngestError, 'no_video' | 'unsupported_codec'> };

export function judgeStreamStart(seen: StreamSeen): StreamStart {
  if (seen.videoCodec !== null && seen.videoCodec !== FLV_H264)
    return { refuse: 'unsupported_codec' };
  if (seen.audioCodec !== null && !ACCEPTED_AUDIO.has(seen.audioCodec))
    return { refuse: 'unsupported_codec' };
  if (!seen.videoConfigured)
    return seen.msSinceFirstPacket >= NO_VIDEO_MS ? { refuse: 'no_video' } : { wait: true };
  const audioKnown =
    seen.audioCodec !== null ||
    seen.metadataHasAudio === false ||
    (seen.msSinceVideoConfigured ?? 0) >= AUDIO_WAIT_MS;
  return audioKnown ? { start: { hasAudio: seen.audioCodec !== null } } : { wait: true };
}
