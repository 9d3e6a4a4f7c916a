/**
 * The poster pictures of a video (pictures.sizes[], SPEC §9: 640x350, 960x525, 1280x700,
 * 1680x945). One frame is decoded once and split into every size in a single ffmpeg run.
 * Each size is filled and cropped, never letterboxed: the grid cards have fixed shapes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { THUMBNAIL_SIZES } from '../../lib/domain.ts';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import { MediaError } from './mediaError.ts';
import { probeMedia } from './probe.ts';
import { ProcessError, runBinary } from './run.ts';

export interface PictureSize {
  width: number;
  height: number;
}

export interface Thumbnail extends PictureSize {
  path: string;
}

export interface ThumbnailOptions {
  /** The moment to show; default a third of the way in, past intros and fades. */
  atSeconds?: number | undefined;
  /** Saves a probe when the caller already knows it. */
  durationSeconds?: number | null | undefined;
  sizes?: readonly PictureSize[] | undefined;
  /** JPEG quality scale of ffmpeg, 2 (best) to 31; 4 looks clean at a fraction of the size. */
  quality?: number | undefined;
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** The file name of a size, shared with whoever stores or serves them. */
export const thumbnailFileName = (size: PictureSize): string => `${size.width}x${size.height}.jpg`;

/**
 * The JPEG chroma layout a size allows. 4:2:0 halves both directions, and ffmpeg silently
 * drops an odd last row or column to fit it: 960x525 came out 960x524. SPEC §9 has odd
 * heights (525, 945), so those get 4:2:2 (halved across only), about 10% larger.
 */
function jpegPixelFormat({ width, height }: PictureSize): string {
  if (width % 2 === 1) return 'yuvj444p';
  return height % 2 === 1 ? 'yuvj422p' : 'yuvj420p';
}

function filterGraph(sizes: readonly PictureSize[]): string {
  const outs = sizes.map((_, i) => `[s${i}]`).join('');
  const scaled = sizes.map(
    (size, i) =>
      // increase + crop fills the box; setsar=1 keeps odd sources from stretching in browsers.
      `[s${i}]scale=${size.width}:${size.height}:force_original_aspect_ratio=increase:flags=lanczos,` +
      `crop=${size.width}:${size.height},setsar=1,format=${jpegPixelFormat(size)}[o${i}]`,
  );
  return [`[0:v]split=${sizes.length}${outs}`, ...scaled].join(';');
}

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

async function extractAt(
  videoPath: string,
  seconds: number,
  targets: { size: PictureSize; partial: string }[],
  binaries: FfmpegBinaries,
  options: ThumbnailOptions,
): Promise<boolean> {
  const outputs = targets.flatMap(({ partial }, i) => [
    '-map',
    `[o${i}]`,
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    String(options.quality ?? 4),
    '-f',
    'image2',
    '-update',
    '1',
    partial,
  ]);
  await runBinary(
    binaries.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      // Seeking before -i jumps by keyframes, then decodes only up to the moment: fast on long files.
      '-ss',
      seconds.toFixed(3),
      '-protocol_whitelist',
      'file',
      '-i',
      `file:${path.resolve(videoPath)}`,
      '-filter_complex',
      filterGraph(targets.map((t) => t.size)),
      ...outputs,
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
  );
  const written = await Promise.all(targets.map((t) => nonEmpty(t.partial)));
  return written.every(Boolean);
}

/**
 * Writes `{width}x{height}.jpg` for each size into outputDir and returns them, smallest first.
 * A file ffmpeg cannot decode ends as a MediaError.
 */
export async function extractThumbnails(
  videoPath: string,
  outputDir: string,
  options: ThumbnailOptions = {},
): Promise<Thumbnail[]> {
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const sizes = options.sizes ?? THUMBNAIL_SIZES;
  if (sizes.length === 0) return [];

  let at = options.atSeconds;
  if (at === undefined) {
    const duration =
      options.durationSeconds !== undefined
        ? options.durationSeconds
        : (await probeMedia(videoPath, { binaries, signal: options.signal })).durationSeconds;
    at = duration ? duration / 3 : 0;
  }

  await mkdir(outputDir, { recursive: true });
  const tag = randomBytes(4).toString('hex');
  const targets = sizes.map((size) => ({
    size,
    partial: path.join(outputDir, `.partial-${tag}-${thumbnailFileName(size)}`),
  }));
  try {
    // A duration can overstate the last frame's time, and seeking past it yields no picture
    // (ffmpeg still exits 0); the first frame always exists.
    const ok =
      (await extractAt(videoPath, Math.max(0, at), targets, binaries, options)) ||
      (at > 0 && (await extractAt(videoPath, 0, targets, binaries, options)));
    if (!ok)
      throw new MediaError('processing-failed', {
        cause: new Error(`no frame decoded from ${videoPath}`),
      });

    const thumbnails: Thumbnail[] = [];
    for (const { size, partial } of targets) {
      const file = path.join(outputDir, thumbnailFileName(size));
      await rename(partial, file);
      thumbnails.push({ width: size.width, height: size.height, path: file });
    }
    return thumbnails.sort((a, b) => a.width * a.height - b.width * b.height);
  } catch (error) {
    await Promise.all(targets.map((t) => rm(t.partial, { force: true })));
    if (error instanceof ProcessError && error.failure === 'exit')
      throw new MediaError('processing-failed', { cause: error });
    if (error instanceof ProcessError && error.failure === 'timeout')
      throw new MediaError('timeout', { cause: error });
    throw error;
  }
}
