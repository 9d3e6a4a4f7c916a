/**
 * `npm run ingest`'s work, callable from tests: a local file becomes a video of an account
 * (optionally in one of its showcases), and its transcode job is run here to the end.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, videoFiles, videos } from '../db/schema.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import type { MediaStorage } from '../media/storage.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { findJob } from '../jobs/queue.ts';
import { JobRunner } from '../jobs/runner.ts';
import { ingestUpload, QuotaExceededError, UnknownShowcaseError } from './ingestUpload.ts';

export const DEFAULT_INGEST_OWNER = 'owner@vitrine.test';

/** A refusal worth one clear line, not a stack trace. */
export class IngestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestError';
  }
}

export interface IngestFileOptions {
  db: Db;
  file: string;
  ownerEmail?: string | undefined;
  showcaseId?: number | undefined;
  storage?: MediaStorage | undefined;
  progress?: ((message: string) => void) | undefined;
}

export interface IngestFileResult {
  videoId: number;
  status: 'ready' | 'error' | 'processing';
  errorMessage: string | null;
  durationSeconds: number;
  files: {
    quality: string;
    width: number | null;
    height: number | null;
    size: number;
    storageKey: string;
  }[];
}

/** The English SPEC §8 quota line; the CLI has no request locale. */
function quotaMessage(key: string): string {
  const catalogue = JSON.parse(readFileSync(path.resolve('i18n/en/quota.json'), 'utf8')) as Record<
    string,
    string
  >;
  return catalogue[key.replace(/^quota\./, '')] ?? key;
}

export async function ingestFile({
  db,
  file,
  ownerEmail = DEFAULT_INGEST_OWNER,
  showcaseId,
  storage = mediaStorage(),
  progress = () => {},
}: IngestFileOptions): Promise<IngestFileResult> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new IngestError(`No file at ${file}`);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${ownerEmail.toLowerCase()}`);
  if (!owner) throw new IngestError(`No account with the e-mail ${ownerEmail}`);

  let created;
  try {
    created = await ingestUpload(db, storage, {
      ownerId: owner.id,
      filePath: file,
      sizeBytes: info.size,
      showcaseId,
    });
  } catch (error) {
    if (error instanceof QuotaExceededError) throw new IngestError(quotaMessage(error.messageKey));
    if (error instanceof UnknownShowcaseError)
      throw new IngestError(`No showcase ${showcaseId} owned by ${ownerEmail}`);
    throw error;
  }
  progress(`video ${created.videoId} created, transcode job ${created.jobId} queued`);

  // Retries would only delay the answer here: one attempt, and its error is the result.
  const runner = new JobRunner({
    db,
    handlers: jobHandlers(storage),
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    progress: (_job, message) => progress(message),
  });
  const outcome = await runner.runNext(created.jobId);
  if (outcome === 'idle') {
    // A worker (PostgreSQL shared with a server) claimed it first: wait for its answer.
    progress('the job is running in a worker; waiting for it');
    for (;;) {
      const job = await findJob(db, created.jobId);
      if (!job || job.status === 'done' || job.status === 'failed') break;
      await sleep(1000);
    }
  }

  const [video] = await db.select().from(videos).where(eq(videos.id, created.videoId));
  const files = await db
    .select({
      quality: videoFiles.quality,
      width: videoFiles.width,
      height: videoFiles.height,
      size: videoFiles.size,
      storageKey: videoFiles.storageKey,
    })
    .from(videoFiles)
    .where(eq(videoFiles.videoId, created.videoId))
    .orderBy(videoFiles.height, videoFiles.id);
  return {
    videoId: created.videoId,
    status: (video?.status ?? 'error') as IngestFileResult['status'],
    errorMessage: video?.errorMessage ?? null,
    durationSeconds: video?.duration ?? 0,
    files,
  };
}
