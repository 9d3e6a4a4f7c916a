/**
 * The digests that decide what a write republishes, against a real database: a write changes
 * the digest of exactly what its pages show, and the writes the page-change triggers ignore
 * change nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('digests');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { showcaseDigests } = await import('./showcaseDigests.ts');
const { republishScope } = await import('../../lib/publishChanges.ts');

const ids = { owner: 0, arranged: 0, alphabetical: 0, a: 0, b: 0, c: 0 };

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'digest@example.test', name: 'Dara Digest' })
    .returning();
  ids.owner = owner!.id;
  for (const key of ['a', 'b', 'c'] as const) {
    const [video] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: `Video ${key}` })
      .returning();
    ids[key] = video!.id;
    await db
      .insert(schema.videoFiles)
      .values({ videoId: video!.id, quality: 'hls', mime: 'x', storageKey: `k/${key}` });
  }
  for (const sort of ['arranged', 'alphabetical'] as const) {
    const [showcase] = await db
      .insert(schema.showcases)
      .values({ ownerId: owner!.id, name: `Showcase ${sort}`, sort })
      .returning();
    ids[sort] = showcase!.id;
    await db.insert(schema.showcaseVideos).values(
      (['a', 'b', 'c'] as const).map((key, i) => ({
        showcaseId: showcase!.id,
        videoId: ids[key],
        position: i + 1,
      })),
    );
  }
});

/** What `write` changes in the digests of both showcases. */
async function scopeOf(write: () => Promise<unknown>) {
  const db = await getDb();
  const showcases = [ids.arranged, ids.alphabetical];
  const before = await showcaseDigests(db, showcases);
  await write();
  return republishScope(before, await showcaseDigests(db, showcases));
}

describe('a write to what public pages show', () => {
  it('renaming a video changes its own digest where the order does not follow names', async () => {
    const db = await getDb();
    const scope = await scopeOf(() =>
      db.update(schema.videos).set({ name: 'Video b, renamed' }).where(eq(schema.videos.id, ids.b)),
    );
    expect(scope.showcases.get(ids.arranged)).toEqual(new Set([ids.b]));
    // Sorted by title, the rename may move it: every page of that showcase.
    expect(scope.showcases.get(ids.alphabetical)).toBe('all');
    expect(scope.listings).toBe(true);
  });

  it('renaming a video where no order follows names leaves the home page alone', async () => {
    const db = await getDb();
    await db
      .update(schema.showcases)
      .set({ sort: 'newest' })
      .where(eq(schema.showcases.id, ids.alphabetical));
    const scope = await scopeOf(() =>
      db.update(schema.videos).set({ name: 'Video b, again' }).where(eq(schema.videos.id, ids.b)),
    );
    expect(scope).toEqual({
      listings: false,
      showcases: new Map([
        [ids.arranged, new Set([ids.b])],
        [ids.alphabetical, new Set([ids.b])],
      ]),
    });
  });

  it('a new picture changes the video’s digest in every showcase that holds it', async () => {
    const db = await getDb();
    const scope = await scopeOf(() =>
      db
        .insert(schema.videoPictures)
        .values({ videoId: ids.c, width: 640, height: 350, storageKey: 'p/c' }),
    );
    expect(scope.showcases).toEqual(
      new Map([
        [ids.arranged, new Set([ids.c])],
        [ids.alphabetical, new Set([ids.c])],
      ]),
    );
    // It may be a cover now.
    expect(scope.listings).toBe(true);
  });

  it('making a video private changes every page of its showcases', async () => {
    const db = await getDb();
    const scope = await scopeOf(() =>
      db.update(schema.videos).set({ privacyView: 'nobody' }).where(eq(schema.videos.id, ids.a)),
    );
    expect(scope.showcases.get(ids.arranged)).toBe('all');
    expect(scope.showcases.get(ids.alphabetical)).toBe('all');
  });

  it('renaming the owner changes every page of their showcases', async () => {
    const db = await getDb();
    const scope = await scopeOf(() =>
      db.update(schema.users).set({ name: 'Dara D.' }).where(eq(schema.users.id, ids.owner)),
    );
    expect(scope.showcases.get(ids.arranged)).toBe('all');
  });
});

describe('a write the page-change triggers ignore', () => {
  it('changes no digest: a download’s last access, a password, a folder', async () => {
    const db = await getDb();
    const scope = await scopeOf(async () => {
      await db
        .update(schema.videoFiles)
        .set({ lastAccessedAt: sql`now() + interval '1 hour'` })
        .where(eq(schema.videoFiles.videoId, ids.b));
      await db
        .update(schema.users)
        .set({ passwordHash: 'another' })
        .where(eq(schema.users.id, ids.owner));
    });
    expect(scope).toEqual({ listings: false, showcases: new Map() });
  });
});
