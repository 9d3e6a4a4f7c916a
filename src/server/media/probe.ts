/**
 * What a media file holds, from ffprobe's JSON. The first step of ingest: everything after it
 * (renditions, thumbnails, the duration shown on cards) is decided from this.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import { MediaError } from './mediaError.ts';
import { ProcessError, runBinary, type RunOptions, type RunResult } from './run.ts';

export interface MediaInfo {
  /** null when the container does not say (some live recordings); callers decide the fallback. */
  durationSeconds: number | null;
  /** As displayed: swapped for a phone video recorded upright (rotation 90 or 270). */
  width: number;
  height: number;
  /** Clockwise degrees the player must turn the coded picture: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  videoCodec: string;
  audioCodec: string | null;
  hasAudio: boolean;
  /** ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  sizeBytes: number;
  /** Bits per second of the whole file; null when unknown. */
  bitRate: number | null;
  /** Average frames per second; null when unknown (a single still picture). */
  frameRate: number | null;
}

export interface ProbeOptions {
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
  /** A crafted file can make a demuxer spin; probing a sane one takes well under a second. */
  timeoutMs?: number | undefined;
}

const DEFAULT_PROBE_TIMEOUT_MS = 30_000;

/** Runs ffprobe with the environment its build needs; stdout is captured. */
export function runFfprobe(
  binaries: FfmpegBinaries,
  args: readonly string[],
  options: Omit<RunOptions, 'env' | 'captureStdout'> = {},
): Promise<RunResult> {
  return runBinary(binaries.ffprobe, args, {
    ...options,
    captureStdout: true,
    env: binaries.ffprobeEnv,
  });
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; size?: string; bit_rate?: string };
}

/** ffprobe prints numbers as strings and "N/A" when unknown. */
function positiveNumber(value: string | number | undefined): number | null {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** "30000/1001" → 29.97; "0/0" → null. */
function rate(value: string | undefined): number | null {
  const [num, den] = (value ?? '').split('/').map(Number);
  return num && den ? positiveNumber(num / den) : null;
}

/** Older builds put rotation in a tag, newer ones in a display matrix (counter-clockwise). */
function rotationOf(stream: ProbeStream): MediaInfo['rotation'] {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const degrees = matrix !== undefined ? -Number(matrix) : Number(stream.tags?.rotate ?? 0);
  const normalised = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalised === 90 || normalised === 180 || normalised === 270 ? normalised : 0;
}

export async function probeMedia(filePath: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const absolute = path.resolve(filePath);
  let output: ProbeOutput;
  try {
    const { stdout } = await runFfprobe(
      binaries,
      [
        '-hide_banner',
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        // Only local files: a playlist inside an upload must not make ffprobe fetch URLs.
        '-protocol_whitelist',
        'file',
        // The file: prefix keeps a name like "http:…" or "concat:…" from being read as a protocol.
        '-i',
        `file:${absolute}`,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS },
    );
    output = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof ProcessError && error.failure === 'timeout')
      throw new MediaError('timeout', { cause: error });
    if (
      error instanceof ProcessError &&
      (error.failure === 'exit' || error.failure === 'output-too-large')
    ) {
      throw new MediaError('unreadable', { cause: error });
    }
    if (error instanceof SyntaxError) throw new MediaError('unreadable', { cause: error });
    // Aborts and a missing ffprobe are the server's business, not the file's.
    throw error;
  }

  const streams = output.streams ?? [];
  // Cover art in an audio file shows up as a one-frame video stream; it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) {
    throw new MediaError(streams.length === 0 ? 'unreadable' : 'no-video', {
      cause: new Error(`no video stream in ${absolute}`),
    });
  }
  const codedWidth = video.width ?? 0;
  const codedHeight = video.height ?? 0;
  if (!video.codec_name || codedWidth <= 0 || codedHeight <= 0) {
    throw new MediaError('unreadable', {
      cause: new Error(`video stream without codec or size in ${absolute}`),
    });
  }
  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;
  const format = output.format ?? {};
  const sizeBytes = positiveNumber(format.size) ?? (await stat(absolute)).size;

  return {
    durationSeconds: positiveNumber(format.duration) ?? positiveNumber(video.duration),
    width: sideways ? codedHeight : codedWidth,
    height: sideways ? codedWidth : codedHeight,
    rotation,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    hasAudio: audio !== undefined,
    formatName: format.format_name ?? 'unknown',
    sizeBytes,
    bitRate: positiveNumber(format.bit_rate),
    frameRate: rate(video.avg_frame_rate),
  };
}
