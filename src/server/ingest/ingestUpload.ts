/**
 * Accepting an upload, from the ingest CLI or the resumable upload API: the quota is checked
 * and counted, the video is created (status 'processing', hidden from showcases until its
 * job has made every file), the source is stored, and the transcode job is queued.
 */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { QuotaRefusalKey } from '../../lib/uploadQuota.ts';
import type { Db } from '../db/client.ts';
import { showcases, uploads, videoFiles, videoPictures, videos } from '../db/schema.ts';
import { videoStorageKey, type MediaStorage } from '../media/storage.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { appendToShowcase } from '../showcases/joinShowcase.ts';
import { checkUploadQuota } from './quota.ts';
import { TRANSCODE_JOB, type TranscodePayload } from './transcode.ts';

/** The upload would go past the owner's quota; `messageKey` is the SPEC §8 message. */
export class QuotaExceededError extends Error {
  readonly messageKey: QuotaRefusalKey;
  constructor(messageKey: QuotaRefusalKey) {
    super(`Upload refused by quota (${messageKey})`);
    this.name = 'QuotaExceededError';
    this.messageKey = messageKey;
  }
}

/** The showcase does not exist or is not the uploader's. */
export class UnknownShowcaseError extends Error {
  constructor(showcaseId: number) {
    super(`No showcase ${showcaseId} of this owner`);
    this.name = 'UnknownShowcaseError';
  }
}

export interface IngestUploadInput {
  ownerId: number;
  /** Who uploaded it, when not the owner: a team member working in the owner's account. */
  uploaderId?: number | undefined;
  /** The resumable upload it finishes, so /upload/videos/{uploadId} can follow it. */
  tusId?: string | undefined;
  /** The uploaded file on local disk. */
  filePath: string;
  sizeBytes: number;
  /** Shown as the title; the file name without its extension when not given. */
  name?: string | undefined;
  showcaseId?: number | undefined;
  /** Take the file (a finished tus upload) instead of copying it (the CLI's argument). */
  move?: boolean | undefined;
}

export interface IngestedUpload {
  videoId: number;
  jobId: number;
}

const SOURCE_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  ts: 'video/mp2t',
};

/** A safe extension for the stored source: a known video one, else none worth keeping. */
function sourceExtension(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return ext in SOURCE_TYPES ? ext : 'bin';
}

function titleFromFileName(fileName: string): string {
  const base = path.basename(fileName, path.extname(fileName)).replace(/[_]+/g, ' ').trim();
  return base.slice(0, 200) || 'Untitled';
}

export async function ingestUpload(
  db: Db,
  storage: MediaStorage,
  input: IngestUploadInput,
): Promise<IngestedUpload> {
  const { ownerId, filePath, sizeBytes, showcaseId } = input;
  const fileName = input.name ?? path.basename(filePath);
  const ext = sourceExtension(fileName);
  return db.transaction(async (tx) => {
    if (showcaseId !== undefined) {
      const [owned] = await tx
        .select({ id: showcases.id })
        .from(showcases)
        .where(and(eq(showcases.id, showcaseId), eq(showcases.ownerId, ownerId)));
      if (!owned) throw new UnknownShowcaseError(showcaseId);
    }
    const refusal = await checkUploadQuota(tx, ownerId, sizeBytes);
    if (refusal) throw new QuotaExceededError(refusal);

    const [video] = await tx
      .insert(videos)
      .values({
        ownerId,
        uploaderId: input.uploaderId ?? ownerId,
        name: titleFromFileName(fileName),
        status: 'processing',
        privacyDownload: true,
      })
      .returning({ id: videos.id });
    const videoId = video!.id;
    await tx
      .insert(uploads)
      .values({ userId: ownerId, videoId, bytes: sizeBytes, tusId: input.tusId ?? null });
    if (showcaseId !== undefined) await appendToShowcase(tx, showcaseId, [videoId]);
    // Stored inside the transaction: if storing fails, no video row is left behind.
    const sourceKey = videoStorageKey(videoId, `source.${ext}`);
    await storage.put(sourceKey, filePath, { move: input.move });
    const payload: TranscodePayload = {
      videoId,
      sourceKey,
      sourceMime: SOURCE_TYPES[ext] ?? 'application/octet-stream',
    };
    const jobId = await enqueueJob(tx, TRANSCODE_JOB, { ...payload });
    return { videoId, jobId };
  });
}

export interface ReplaceSourceInput {
  videoId: number;
  ownerId: number;
  filePath: string;
  sizeBytes: number;
  name: string;
  tusId?: string | undefined;
}

/**
 * A new source for an existing video: same id, same addresses, the next version (review
 * notes are pinned to the version they were left on; src/lib/reviewVersions.ts). The quota
 * counts the new file; the old files and pictures go, the video is processing again and the
 * transcode job makes everything anew from the new source. Caption tracks stay.
 */
export async function replaceVideoSource(
  db: Db,
  storage: MediaStorage,
  input: ReplaceSourceInput,
): Promise<IngestedUpload> {
  const { videoId, ownerId, filePath, sizeBytes } = input;
  const ext = sourceExtension(input.name);
  const sourceKey = videoStorageKey(videoId, `source-${Date.now().toString(36)}.${ext}`);
  const { jobId, oldKeys } = await db.transaction(async (tx) => {
    const refusal = await checkUploadQuota(tx, ownerId, sizeBytes);
    if (refusal) throw new QuotaExceededError(refusal);
    const files = await tx
      .select({ key: videoFiles.storageKey, quality: videoFiles.quality })
      .from(videoFiles)
      .where(eq(videoFiles.videoId, videoId));
    const pictures = await tx
      .select({ key: videoPictures.storageKey })
      .from(videoPictures)
      .where(eq(videoPictures.videoId, videoId));
    await tx.delete(videoFiles).where(eq(videoFiles.videoId, videoId));
    await tx.delete(videoPictures).where(eq(videoPictures.videoId, videoId));
    await tx
      .update(videos)
      .set({ status: 'processing', errorMessage: null, version: sql`${videos.version} + 1` })
      .where(eq(videos.id, videoId));
    await tx
      .insert(uploads)
      .values({ userId: ownerId, videoId, bytes: sizeBytes, tusId: input.tusId ?? null });
    await storage.put(sourceKey, filePath, { move: true });
    const payload: TranscodePayload = {
      videoId,
      sourceKey,
      sourceMime: SOURCE_TYPES[ext] ?? 'application/octet-stream',
    };
    const queued = await enqueueJob(tx, TRANSCODE_JOB, { ...payload });
    return {
      jobId: queued,
      oldKeys: [
        ...files.filter((f) => f.quality !== 'hls').map((f) => f.key),
        ...pictures.map((p) => p.key),
      ],
    };
  });
  for (const key of oldKeys) await storage.delete(key).catch(() => {});
  await storage.deletePrefix(videoStorageKey(videoId, 'hls')).catch(() => {});
  return { videoId, jobId };
}
