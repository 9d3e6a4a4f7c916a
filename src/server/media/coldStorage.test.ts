/**
 * The cold-storage sweep against a real database (PGlite in a temporary folder, or the
 * PostgreSQL of DATABASE_URL) and real files in a temporary media folder.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

const { dataDir } = await useTestDatabase('cold');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { LocalDiskStorage } = await import('./storage.ts');
const { archiveIdleSources, completeDefrosts, markDownloaded, requestDefrost, ARCHIVE_AFTER_MS } =
  await import('./coldStorage.ts');
const { sweepIntervalMs } = await import('./coldStorageSweep.ts');

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const storage = new LocalDiskStorage(path.join(dataDir, 'media'));
const sample = path.join(dataDir, 'sample.mp4');
let videoId = 0;

async function addFile(quality: string, lastAccessedAt: Date) {
  const storageKey = `videos/${videoId}/${quality}-${lastAccessedAt.getTime()}.mp4`;
  const stored = await storage.put(storageKey, sample);
  const db = await getDb();
  const [row] = await db
    .insert(schema.videoFiles)
    .values({
      videoId,
      quality,
      mime: 'video/mp4',
      width: 320,
      height: 180,
      size: stored.size,
      storageKey,
      lastAccessedAt,
    })
    .returning();
  return row!;
}

async function fileRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(schema.videoFiles).where(eq(schema.videoFiles.id, id));
  return row!;
}

beforeAll(async () => {
  writeFileSync(sample, 'source bytes');
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'cold@example.test', name: 'Owner' })
    .returning();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name: 'Archived' })
    .returning();
  videoId = video!.id;
});

describe('archiveIdleSources', () => {
  it('archives a source untouched for 30 days, and only sources', async () => {
    const idleSource = await addFile('source', new Date(now.getTime() - ARCHIVE_AFTER_MS));
    const recentSource = await addFile('source', new Date(now.getTime() - 29 * DAY));
    const idleRendition = await addFile('sd', new Date(now.getTime() - 90 * DAY));

    expect(await archiveIdleSources(await getDb(), storage, now)).toBe(1);

    expect((await fileRow(idleSource.id)).tier).toBe('archive');
    expect(await storage.tierOf(idleSource.storageKey)).toBe('archive');
    expect(await storage.stat(idleSource.storageKey)).toBeNull();
    expect((await fileRow(recentSource.id)).tier).toBe('hot');
    expect((await fileRow(idleRendition.id)).tier).toBe('hot');
    expect(await archiveIdleSources(await getDb(), storage, now)).toBe(0);
  });

  it('keeps a downloaded source hot', async () => {
    const source = await addFile('source', new Date(now.getTime() - 40 * DAY));
    await markDownloaded(await getDb(), source.storageKey, new Date(now.getTime() - DAY));
    await archiveIdleSources(await getDb(), storage, now);
    expect((await fileRow(source.id)).tier).toBe('hot');
  });
});

describe('retrieving an archived source', () => {
  it('is asked for once, completes after the delay and is readable again', async () => {
    const db = await getDb();
    const source = await addFile('source', new Date(now.getTime() - 31 * DAY));
    await archiveIdleSources(db, storage, now);

    const asked = new Date(now.getTime() + HOUR);
    expect(await requestDefrost(db, source.id, asked)).toBe(true);
    // Asking again does not push the retrieval back.
    expect(await requestDefrost(db, source.id, new Date(asked.getTime() + HOUR))).toBe(true);
    expect((await fileRow(source.id)).defrostRequestedAt).toEqual(asked);

    expect(
      await completeDefrosts(db, storage, new Date(asked.getTime() + 4 * HOUR - 1), 4 * HOUR),
    ).toBe(0);
    expect(await storage.tierOf(source.storageKey)).toBe('archive');

    const done = new Date(asked.getTime() + 4 * HOUR);
    expect(await completeDefrosts(db, storage, done, 4 * HOUR)).toBe(1);
    const row = await fileRow(source.id);
    expect(row).toMatchObject({ tier: 'hot', defrostRequestedAt: null, lastAccessedAt: done });
    expect((await storage.stat(source.storageKey))?.size).toBe('source bytes'.length);
  });

  it('is not started for a file that is not archived', async () => {
    const source = await addFile('source', now);
    expect(await requestDefrost(await getDb(), source.id, now)).toBe(false);
    expect((await fileRow(source.id)).defrostRequestedAt).toBeNull();
  });

  it('leaves files nobody asked for in the archive', async () => {
    const db = await getDb();
    const source = await addFile('source', new Date(now.getTime() - 60 * DAY));
    await archiveIdleSources(db, storage, now);
    await completeDefrosts(db, storage, new Date(now.getTime() + 30 * DAY), 0);
    expect((await fileRow(source.id)).tier).toBe('archive');
  });
});

describe('sweepIntervalMs', () => {
  it('checks four times per retrieval delay, at most every ten minutes, at least every second', () => {
    expect(sweepIntervalMs(8)).toBe(2000);
    expect(sweepIntervalMs(0)).toBe(1000);
    expect(sweepIntervalMs(4 * 60 * 60)).toBe(10 * 60 * 1000);
  });
});
