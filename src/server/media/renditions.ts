/**
 * Playable MP4 renditions (the download qualities of SPEC §3: sd, hd, uhd) made from a
 * source. Ingest will pick a ladder of heights from the probed source and run this per rung;
 * HLS segmenting will reuse the same encoder settings.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import { MediaError } from './mediaError.ts';
import { probeMedia } from './probe.ts';
import { ProcessError, runBinary } from './run.ts';

export interface Mp4RenditionOptions {
  /** Target height; the width follows the source's shape, rounded to an even number. */
  height: number;
  /** x264 constant rate factor: lower is better and bigger. */
  crf?: number | undefined;
  preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium' | undefined;
  tune?: 'film' | 'animation' | 'stillimage' | undefined;
  /** A keyframe at least this often, so players can seek and HLS segments can be cut there. */
  keyframeSeconds?: number | undefined;
  /** 'copy' keeps an AAC source track as it is (no quality loss, no time); 'aac' re-encodes. */
  audio?: 'copy' | 'aac' | undefined;
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface Mp4Rendition {
  path: string;
  width: number;
  height: number;
  sizeBytes: number;
  durationSeconds: number | null;
  elapsedMs: number;
}

export async function encodeMp4Rendition(
  inputPath: string,
  outputPath: string,
  options: Mp4RenditionOptions,
): Promise<Mp4Rendition> {
  const { height } = options;
  if (!Number.isInteger(height) || height < 16 || height % 2 !== 0)
    throw new RangeError(`height must be an even integer ≥ 16, got ${height}`);
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const keyframeSeconds = options.keyframeSeconds ?? 2;
  const audio = options.audio === 'copy' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];

  await mkdir(path.dirname(outputPath), { recursive: true });
  const partial = `${outputPath}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const { elapsedMs } = await runBinary(
      binaries.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-protocol_whitelist',
        'file',
        '-i',
        `file:${path.resolve(inputPath)}`,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        // -2 keeps the aspect ratio with an even width, which yuv420p needs (any ffmpeg since 2014).
        '-vf',
        `scale=-2:${height}`,
        '-c:v',
        'libx264',
        '-preset',
        options.preset ?? 'veryfast',
        '-crf',
        String(options.crf ?? 23),
        ...(options.tune ? ['-tune', options.tune] : []),
        '-force_key_frames',
        `expr:gte(t,n_forced*${keyframeSeconds})`,
        '-pix_fmt',
        'yuv420p',
        ...audio,
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        partial,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs },
    );
    const info = await probeMedia(partial, { binaries, signal: options.signal });
    await rename(partial, outputPath);
    return {
      path: outputPath,
      width: info.width,
      height: info.height,
      sizeBytes: info.sizeBytes,
      durationSeconds: info.durationSeconds,
      elapsedMs,
    };
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof ProcessError && error.failure === 'exit')
      throw new MediaError('processing-failed', { cause: error });
    if (error instanceof ProcessError && error.failure === 'timeout')
      throw new MediaError('timeout', { cause: error });
    throw error;
  }
}
