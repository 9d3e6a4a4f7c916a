/**
 * Where an upload from the studio is: still sending (the tus store knows its offset), being
 * processed (the transcode job's step and percent), ready, or failed. Only its uploader sees it.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, uploads, videos } from '../db/schema.ts';
import { TRANSCODE_JOB } from '../ingest/transcode.ts';
import { findPendingUpload } from '../ingest/tusUploads.ts';

export type UploadStatus =
  | { state: 'uploading'; uploadId: string; name: string; offset: number; size: number | null }
  | {
      state: 'processing';
      uploadId: string;
      name: string;
      videoId: number;
      percent: number;
      step: string | null;
    }
  | { state: 'ready'; uploadId: string; name: string; videoId: number }
  | { state: 'error'; uploadId: string; name: string; videoId: number; message: string | null };

interface VideoOfUpload {
  uploadId: string;
  videoId: number;
  name: string;
  status: string;
  errorMessage: string | null;
}

async function statusOfVideo(db: Db, row: VideoOfUpload): Promise<UploadStatus> {
  const { uploadId, videoId, name } = row;
  if (row.status === 'ready') return { state: 'ready', uploadId, name, videoId };
  if (row.status === 'error')
    return { state: 'error', uploadId, name, videoId, message: row.errorMessage };
  const [job] = await db
    .select({ progress: jobs.progress, step: jobs.step })
    .from(jobs)
    .where(and(eq(jobs.kind, TRANSCODE_JOB), sql`${jobs.payload}->>'videoId' = ${String(videoId)}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return {
    state: 'processing',
    uploadId,
    name,
    videoId,
    percent: job?.progress ?? 0,
    step: job?.step ?? null,
  };
}

const videoOfUpload = {
  uploadId: uploads.tusId,
  videoId: videos.id,
  name: videos.name,
  status: videos.status,
  errorMessage: videos.errorMessage,
};

export async function uploadStatus(
  db: Db,
  uploadId: string,
  uploaderId: number,
): Promise<UploadStatus | null> {
  const [row] = await db
    .select(videoOfUpload)
    .from(uploads)
    .innerJoin(videos, eq(videos.id, uploads.videoId))
    .where(and(eq(uploads.tusId, uploadId), eq(videos.uploaderId, uploaderId)))
    .limit(1);
  if (row) return statusOfVideo(db, { ...row, uploadId });
  const pending = await findPendingUpload(uploadId, uploaderId);
  return pending ? { state: 'uploading', uploadId, ...pending } : null;
}

/** The user's latest finished uploads, newest first, with their processing state. */
export async function recentUploads(
  db: Db,
  uploaderId: number,
  limit = 50,
): Promise<UploadStatus[]> {
  const rows = await db
    .select(videoOfUpload)
    .from(uploads)
    .innerJoin(videos, eq(videos.id, uploads.videoId))
    .where(and(isNotNull(uploads.tusId), eq(videos.uploaderId, uploaderId)))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit);
  return Promise.all(rows.map((row) => statusOfVideo(db, { ...row, uploadId: row.uploadId! })));
}
