/**
 * Cold storage of source files (SPEC §4, §9): a source nobody downloaded for 30 days moves to
 * the archive tier; a viewer's request brings it back after COLD_RESTORE_DELAY. The database
 * row (tier, lastAccessedAt, defrostRequestedAt) follows the storage, never leads it.
 */
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { videoFiles } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { MissingObjectError, type MediaStorage } from './storage.ts';

export const ARCHIVE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Archives every hot source file last accessed 30 days or more before now; answers how many. */
export async function archiveIdleSources(
  db: Db,
  storage: MediaStorage,
  now: Date,
): Promise<number> {
  const idle = await db
    .select({ id: videoFiles.id, storageKey: videoFiles.storageKey })
    .from(videoFiles)
    .where(
      and(
        eq(videoFiles.quality, 'source'),
        eq(videoFiles.tier, 'hot'),
        lte(videoFiles.lastAccessedAt, new Date(now.getTime() - ARCHIVE_AFTER_MS)),
      ),
    );
  let archived = 0;
  for (const file of idle) {
    try {
      // An earlier sweep may have moved the bytes and stopped before the row changed.
      if ((await storage.tierOf(file.storageKey)) !== 'archive')
        await storage.archive(file.storageKey);
    } catch (error) {
      if (!(error instanceof MissingObjectError)) throw error;
      logger.warn({ key: file.storageKey }, 'source file to archive is missing from storage');
      continue;
    }
    await db
      .update(videoFiles)
      .set({ tier: 'archive', defrostRequestedAt: null })
      .where(eq(videoFiles.id, file.id));
    archived += 1;
  }
  return archived;
}

/**
 * A viewer asked for an archived file: retrieval starts now, or keeps the time it was first
 * asked for. Answers whether the file is being retrieved (false when it is not archived).
 */
export async function requestDefrost(db: Db, fileId: number, now: Date): Promise<boolean> {
  const [file] = await db
    .select({ tier: videoFiles.tier })
    .from(videoFiles)
    .where(eq(videoFiles.id, fileId));
  if (file?.tier !== 'archive') return false;
  await db
    .update(videoFiles)
    .set({ defrostRequestedAt: now })
    .where(and(eq(videoFiles.id, fileId), isNull(videoFiles.defrostRequestedAt)));
  return true;
}

/**
 * A viewer asked for a video's file of one quality: retrieval as requestDefrost starts it;
 * null when the video has no file of that quality.
 */
export async function requestDefrostOf(
  db: Db,
  videoId: number,
  quality: string,
  now: Date,
): Promise<boolean | null> {
  const [file] = await db
    .select({ id: videoFiles.id })
    .from(videoFiles)
    .where(and(eq(videoFiles.videoId, videoId), eq(videoFiles.quality, quality)))
    .limit(1);
  return file ? requestDefrost(db, file.id, now) : null;
}

/** Restores every archived file asked for at least delayMs before now; answers how many. */
export async function completeDefrosts(
  db: Db,
  storage: MediaStorage,
  now: Date,
  delayMs: number,
): Promise<number> {
  const due = await db
    .select({ id: videoFiles.id, storageKey: videoFiles.storageKey })
    .from(videoFiles)
    .where(
      and(
        eq(videoFiles.tier, 'archive'),
        isNotNull(videoFiles.defrostRequestedAt),
        lte(videoFiles.defrostRequestedAt, new Date(now.getTime() - delayMs)),
      ),
    );
  let restored = 0;
  for (const file of due) {
    try {
      await storage.restore(file.storageKey);
    } catch (error) {
      if (!(error instanceof MissingObjectError)) throw error;
      logger.warn({ key: file.storageKey }, 'archived file to restore is missing from storage');
      continue;
    }
    // Accessed now: a restored file stays hot for another 30 days.
    await db
      .update(videoFiles)
      .set({ tier: 'hot', defrostRequestedAt: null, lastAccessedAt: now })
      .where(eq(videoFiles.id, file.id));
    restored += 1;
  }
  return restored;
}

/** A download of the file under storageKey started: it is not idle. */
export async function markDownloaded(db: Db, storageKey: string, now: Date): Promise<void> {
  await db
    .update(videoFiles)
    .set({ lastAccessedAt: now })
    .where(and(eq(videoFiles.storageKey, storageKey), eq(videoFiles.tier, 'hot')));
}
