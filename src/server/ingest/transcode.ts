/**
 * The transcode job: from an uploaded source to a published video. Probe, MP4 renditions
 * (src/lib/renditionLadder.ts), the HLS ladder, thumbnails; everything is stored, then every
 * file and picture row is written in one transaction with the video turning 'ready', so a
 * viewer never sees half a video. A file ffmpeg cannot use ends as the video's error.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { THUMBNAIL_SIZES } from '../../lib/domain.ts';
import { renditionLadder } from '../../lib/renditionLadder.ts';
import type { TranscodeStep } from '../../lib/transcodeSteps.ts';
import type { Db } from '../db/client.ts';
import { videoFiles, videoPictures, videos } from '../db/schema.ts';
import { buildHlsLadder, hlsContentType } from '../media/hls.ts';
import { encodeMp4Rendition } from '../media/renditions.ts';
import { extractThumbnails, thumbnailFileName } from '../media/thumbnails.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { isMediaError, MediaError } from '../media/mediaError.ts';
import { LocalDiskStorage, videoStorageKey, type MediaStorage } from '../media/storage.ts';
import { probeMedia } from '../media/probe.ts';
import { makeScratchDir } from '../media/scratch.ts';

export const TRANSCODE_JOB = 'transcode';

export interface TranscodePayload {
  videoId: number;
  /** Storage key of the uploaded source, already stored. */
  sourceKey: string;
  /** Content type of the source as uploaded. */
  sourceMime: string;
}

export function isTranscodePayload(
  payload: Record<string, unknown>,
): payload is TranscodePayload & Record<string, unknown> {
  return (
    typeof payload['videoId'] === 'number' &&
    typeof payload['sourceKey'] === 'string' &&
    typeof payload['sourceMime'] === 'string'
  );
}

export interface TranscodeOptions {
  db: Db;
  storage: MediaStorage;
  signal?: AbortSignal | undefined;
  progress?: ((message: string) => void) | undefined;
  /** The step (src/lib/transcodeSteps.ts) and how far the whole job is, 0–100. */
  report?: ((step: TranscodeStep, percent: number) => void) | undefined;
}

export type TranscodeResult =
  { status: 'ready'; files: number } | { status: 'error'; message: string };

/** A path ffmpeg can read: the stored file itself on local disk, else a copy in scratch. */
export async function localSource(
  storage: MediaStorage,
  key: string,
  scratch: string,
): Promise<string> {
  if (storage instanceof LocalDiskStorage) return storage.pathFor(key);
  const copy = path.join(scratch, 'source');
  await pipeline(await storage.createReadStream(key), createWriteStream(copy));
  return copy;
}

/** Marks the video as failed with a message its owner can read. */
export async function markVideoFailed(db: Db, videoId: number, message: string): Promise<void> {
  await db
    .update(videos)
    .set({ status: 'error', errorMessage: message })
    .where(eq(videos.id, videoId));
}

export async function transcodeVideo(
  payload: TranscodePayload,
  { db, storage, signal, progress = () => {}, report = () => {} }: TranscodeOptions,
): Promise<TranscodeResult> {
  const { videoId, sourceKey, sourceMime } = payload;
  const scratch = await makeScratchDir(`transcode-${videoId}`);
  try {
    const binaries = await ffmpegBinaries();
    const source = await localSource(storage, sourceKey, scratch);
    progress('probing the source');
    report('probing', 2);
    const info = await probeMedia(source, { binaries, signal });

    const ladder = renditionLadder(info.height);
    const renditions = [];
    for (const [i, rung] of ladder.entries()) {
      progress(`encoding ${rung.height}p (${i + 1} of ${ladder.length})`);
      // Encoding is most of the work: 5 % to 75 %, one share per rendition.
      report('encoding', 5 + (70 * i) / ladder.length);
      const name = `${rung.height}p`;
      const made = await encodeMp4Rendition(source, path.join(scratch, `${name}.mp4`), {
        height: rung.height,
        audio: 'aac',
        binaries,
        signal,
      });
      renditions.push({ ...rung, name, ...made });
    }

    report('packaging', 75);
    progress(
      `packaging HLS (${renditions.length} ${renditions.length === 1 ? 'variant' : 'variants'})`,
    );
    const hlsDir = path.join(scratch, 'hls');
    await mkdir(hlsDir, { recursive: true });
    const hls = await buildHlsLadder(
      renditions.map((r) => ({ path: r.path, name: r.name })),
      hlsDir,
      { binaries, signal },
    );

    progress('extracting thumbnails');
    report('thumbnails', 85);
    const thumbnails = await extractThumbnails(source, path.join(scratch, 'pictures'), {
      durationSeconds: info.durationSeconds,
      sizes: THUMBNAIL_SIZES,
      binaries,
      signal,
    });

    progress('storing files');
    report('storing', 92);
    const sourceStat = await storage.stat(sourceKey);
    const files: (typeof videoFiles.$inferInsert)[] = [
      {
        videoId,
        quality: 'source',
        mime: sourceMime,
        width: info.width,
        height: info.height,
        size: sourceStat?.size ?? info.sizeBytes,
        storageKey: sourceKey,
      },
    ];
    for (const r of renditions) {
      const key = videoStorageKey(videoId, `${r.quality}-${r.name}.mp4`);
      const stored = await storage.put(key, r.path, { contentType: 'video/mp4', move: true });
      files.push({
        videoId,
        quality: r.quality,
        mime: 'video/mp4',
        width: r.width,
        height: r.height,
        size: stored.size,
        storageKey: key,
      });
    }
    let hlsBytes = 0;
    for (const file of hls.files) {
      hlsBytes += (
        await storage.put(videoStorageKey(videoId, 'hls', file), path.join(hlsDir, file), {
          contentType: hlsContentType(file),
          move: true,
        })
      ).size;
    }
    const top = renditions[renditions.length - 1]!;
    files.push({
      videoId,
      quality: 'hls',
      mime: 'application/vnd.apple.mpegurl',
      width: top.width,
      height: top.height,
      size: hlsBytes,
      storageKey: videoStorageKey(videoId, 'hls', hls.files[0]!),
    });
    // A fresh key per picture: public thumbnails are addressed by key (media/publicThumbnails.ts)
    // and cached as immutable, so a replaced source must never reuse one.
    const stamp = randomBytes(4).toString('hex');
    const previousPictures = await db
      .select({ storageKey: videoPictures.storageKey })
      .from(videoPictures)
      .where(eq(videoPictures.videoId, videoId));
    const pictures: (typeof videoPictures.$inferInsert)[] = [];
    for (const t of thumbnails) {
      const key = videoStorageKey(videoId, 'pictures', `${stamp}-${thumbnailFileName(t)}`);
      await storage.put(key, t.path, { contentType: 'image/jpeg', move: true });
      pictures.push({ videoId, width: t.width, height: t.height, storageKey: key });
    }

    await db.transaction(async (tx) => {
      // A retried job replaces what an earlier attempt may have written.
      await tx.delete(videoFiles).where(eq(videoFiles.videoId, videoId));
      await tx.delete(videoPictures).where(eq(videoPictures.videoId, videoId));
      await tx.insert(videoFiles).values(files);
      await tx.insert(videoPictures).values(pictures);
      await tx
        .update(videos)
        .set({
          status: 'ready',
          errorMessage: null,
          duration: Math.round(info.durationSeconds ?? 0),
          width: info.width,
          height: info.height,
        })
        .where(eq(videos.id, videoId));
    });
    for (const { storageKey } of previousPictures) await storage.delete(storageKey).catch(() => {});
    progress(`ready: ${files.length} files, ${pictures.length} thumbnails`);
    return { status: 'ready', files: files.length };
  } catch (error) {
    // The file's fault (damaged, no video, too slow to decode): retrying cannot help.
    if (isMediaError(error) && !signal?.aborted) {
      await markVideoFailed(db, videoId, error.message);
      return { status: 'error', message: error.message };
    }
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The message a video shows when its job failed for reasons other than the file. */
export const PROCESSING_FAILED_MESSAGE = new MediaError('processing-failed').message;
