/**
 * Follows and openings against a real database (PGlite in a temporary folder, or the PostgreSQL
 * of DATABASE_URL): what /watch reads, in its order; an opening written at most once an hour;
 * a follow heard by every node as a viewer change (the follow button), an opening not.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('follows');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { listenForPageChanges } = await import('../db/pageChanges.ts');
const { follow, followedShowcaseIds, recordOpening, unfollow, watchedShowcases } =
  await import('./showcaseFollows.ts');

const db = await getDb();
const [viewer] = await db
  .insert(schema.users)
  .values({ email: 'viewer@example.test', name: 'Viewer' })
  .returning();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const showcaseIds = (
  await db
    .insert(schema.showcases)
    .values(['Reel', 'Launch', 'Archive'].map((name) => ({ ownerId: owner!.id, name })))
    .returning()
).map((row) => row.id);
const [reel, launch, archive] = showcaseIds as [number, number, number];
const userId = viewer!.id;

const heard: string[] = [];
const changes = await listenForPageChanges({
  onChange: (table) => heard.push(table),
  onGap: () => {},
});
async function heardFrom(write: () => Promise<unknown>): Promise<string[]> {
  await changes.caughtUp();
  heard.length = 0;
  await write();
  await changes.caughtUp();
  return [...new Set(heard)];
}

describe('following showcases', () => {
  it('lists followed showcases first, newest follow first, then the ones opened', async () => {
    const hourAgo = Date.now() - 60 * 60 * 1000;
    await recordOpening(db, userId, archive, hourAgo);
    await follow(db, userId, reel);
    await follow(db, userId, launch);
    expect(await watchedShowcases(db, userId)).toEqual([
      { showcaseId: launch, following: true },
      { showcaseId: reel, following: true },
      { showcaseId: archive, following: false },
    ]);
    expect((await followedShowcaseIds(db, userId)).sort()).toEqual([reel, launch].sort());
  });

  it('keeps an unfollowed showcase the viewer opened, as opened', async () => {
    await recordOpening(db, userId, reel);
    await unfollow(db, userId, reel);
    expect(await followedShowcaseIds(db, userId)).toEqual([launch]);
    expect(await watchedShowcases(db, userId)).toContainEqual({
      showcaseId: reel,
      following: false,
    });
  });

  it('writes an opening at most once an hour', async () => {
    const at = async () =>
      (await db.select().from(schema.showcaseFollows)).find(
        (row) => row.showcaseId === launch && row.userId === userId,
      )?.openedAt;
    const first = Date.parse('2026-12-01T10:00:00Z');
    await recordOpening(db, userId, launch, first);
    await recordOpening(db, userId, launch, first + 30 * 60 * 1000);
    expect((await at())?.getTime()).toBe(first);
    await recordOpening(db, userId, launch, first + 61 * 60 * 1000);
    expect((await at())?.getTime()).toBe(first + 61 * 60 * 1000);
  });

  it('tells every node of a follow and an unfollow, never of an opening', async () => {
    expect(await heardFrom(() => follow(db, userId, archive))).toEqual(['viewers']);
    expect(await heardFrom(() => unfollow(db, userId, archive))).toEqual(['viewers']);
    expect(
      await heardFrom(async () => {
        await recordOpening(db, userId, archive, Date.now() + 2 * 60 * 60 * 1000);
      }),
    ).toEqual([]);
  });
});
