/**
 * The counts kept with every showcase (showcases.video_count, restricted_video_count; the
 * triggers of migration 0008_search_paging) against the count a query makes, after each kind
 * of write: on embedded PGlite, or the PostgreSQL of DATABASE_URL (CI runs both).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('counts');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { and, eq, inArray, sql } = await import('drizzle-orm');
const { RESTRICTED_RATINGS } = await import('../../lib/contentGates.ts');
const { findShowcase, listPublicShowcases, listShowcaseVideos, visibleInShowcase } =
  await import('./showcaseQueries.ts');

let ownerId = 0;
let first = 0;
let second = 0;

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'counts@example.test', name: 'Owner' })
    .returning();
  ownerId = owner!.id;
  const made = await db
    .insert(schema.showcases)
    .values([
      { ownerId, name: 'First' },
      { ownerId, name: 'Second' },
    ])
    .returning();
  first = made[0]!.id;
  second = made[1]!.id;
});

async function video(values: Partial<typeof schema.videos.$inferInsert> = {}): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .insert(schema.videos)
    .values({ ownerId, name: 'clip', ...values })
    .returning();
  return row!.id;
}

async function add(showcaseId: number, ...videoIds: number[]) {
  await (
    await getDb()
  )
    .insert(schema.showcaseVideos)
    .values(videoIds.map((videoId, i) => ({ showcaseId, videoId, position: i + 1 })));
}

/** What the showcase keeps, beside what a count over its rows says. */
async function counts(showcaseId: number) {
  const db = await getDb();
  const [kept] = await db
    .select({ n: schema.showcases.videoCount, r: schema.showcases.restrictedVideoCount })
    .from(schema.showcases)
    .where(eq(schema.showcases.id, showcaseId));
  const [counted] = await db
    .select({
      n: sql<number>`count(*)::int`,
      r: sql<number>`(count(*) filter (where ${inArray(schema.videos.contentRating, [...RESTRICTED_RATINGS])}))::int`,
    })
    .from(schema.showcaseVideos)
    .innerJoin(schema.videos, eq(schema.videos.id, schema.showcaseVideos.videoId))
    .where(and(eq(schema.showcaseVideos.showcaseId, showcaseId), visibleInShowcase()));
  expect(kept).toEqual(counted);
  // The memberships' copy of visibility, which the arranged and added orders page over.
  const [shown] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.showcaseVideos)
    .where(
      and(eq(schema.showcaseVideos.showcaseId, showcaseId), eq(schema.showcaseVideos.shown, true)),
    );
  expect(shown?.n).toBe(kept!.n);
  return kept!;
}

describe('the counts a showcase keeps', () => {
  it('count only visible videos as they are added, and the restricted ones apart', async () => {
    const shown = await video();
    const explicit = await video({ contentRating: 'explicit' });
    const hidden = await video({ privacyView: 'nobody' });
    const processing = await video({ status: 'processing' });
    const password = await video({ privacyView: 'password', contentRating: 'unrated' });
    await add(first, shown, explicit, hidden, processing, password);
    expect(await counts(first)).toEqual({ n: 2, r: 1 });
    const found = await findShowcase(await getDb(), first);
    expect(found).toMatchObject({ totalVideos: 2, hasRestrictedVideos: true });
    // The home page's card says what the showcase's own page says.
    expect(
      (await listPublicShowcases(await getDb())).find(({ showcase }) => showcase.id === first)
        ?.totalVideos,
    ).toBe(2);
  });

  it('follow a video that becomes visible, hidden or differently rated', async () => {
    const db = await getDb();
    const id = await video({ status: 'processing', contentRating: 'unrated' });
    await add(second, id);
    expect(await counts(second)).toEqual({ n: 0, r: 0 });
    await db.update(schema.videos).set({ status: 'ready' }).where(eq(schema.videos.id, id));
    expect(await counts(second)).toEqual({ n: 1, r: 1 });
    await db.update(schema.videos).set({ contentRating: 'safe' }).where(eq(schema.videos.id, id));
    expect(await counts(second)).toEqual({ n: 1, r: 0 });
    await db.update(schema.videos).set({ privacyView: 'nobody' }).where(eq(schema.videos.id, id));
    expect(await counts(second)).toEqual({ n: 0, r: 0 });
    await db
      .update(schema.videos)
      .set({ privacyView: 'unlisted', plays: 4 })
      .where(eq(schema.videos.id, id));
    expect(await counts(second)).toEqual({ n: 1, r: 0 });
  });

  it('follow a video in two showcases through changes and its deletion', async () => {
    const db = await getDb();
    const before = await counts(first);
    const both = await video({ contentRating: 'explicit' });
    await add(first, both);
    const secondBefore = await counts(second);
    await add(second, both);
    expect(await counts(first)).toEqual({ n: before.n + 1, r: before.r + 1 });
    expect(await counts(second)).toEqual({ n: secondBefore.n + 1, r: secondBefore.r + 1 });
    await db
      .update(schema.videos)
      .set({ contentRating: 'safe' })
      .where(inArray(schema.videos.id, [both]));
    expect(await counts(first)).toEqual({ n: before.n + 1, r: before.r });
    await db.delete(schema.videos).where(eq(schema.videos.id, both));
    expect(await counts(first)).toEqual(before);
    expect(await counts(second)).toEqual(secondBefore);
  });

  it('follow a video taken out of a showcase, or moved to another', async () => {
    const db = await getDb();
    const before = await counts(first);
    const secondBefore = await counts(second);
    const moving = await video();
    const leaving = await video();
    await add(first, moving, leaving);
    await db
      .delete(schema.showcaseVideos)
      .where(
        and(
          eq(schema.showcaseVideos.showcaseId, first),
          eq(schema.showcaseVideos.videoId, leaving),
        ),
      );
    expect(await counts(first)).toEqual({ n: before.n + 1, r: before.r });
    await db
      .update(schema.showcaseVideos)
      .set({ position: 99 })
      .where(eq(schema.showcaseVideos.showcaseId, first));
    expect(await counts(first)).toEqual({ n: before.n + 1, r: before.r });
    await db
      .update(schema.showcaseVideos)
      .set({ showcaseId: second })
      .where(
        and(eq(schema.showcaseVideos.showcaseId, first), eq(schema.showcaseVideos.videoId, moving)),
      );
    expect(await counts(first)).toEqual(before);
    expect(await counts(second)).toEqual({ n: secondBefore.n + 1, r: secondBefore.r });
  });

  it('count a thousand videos added in one statement', async () => {
    const db = await getDb();
    const [showcase] = await db
      .insert(schema.showcases)
      .values({ ownerId, name: 'Bulk' })
      .returning();
    await db.execute(sql`
      with made as (
        insert into videos (owner_id, name, privacy_view)
        select ${ownerId}, 'bulk ' || n, case when n % 10 = 0 then 'nobody' else 'anybody' end from generate_series(1, 1000) n
        returning id
      )
      insert into showcase_videos (showcase_id, video_id, position) select ${showcase!.id}, id, row_number() over (order by id) from made`);
    expect(await counts(showcase!.id)).toEqual({ n: 900, r: 0 });
    const { total, items } = await listShowcaseVideos(db, {
      showcaseId: showcase!.id,
      sort: 'arranged',
      page: 75,
      perPage: 12,
    });
    expect(total).toBe(900);
    expect(items).toHaveLength(12);
    expect(items.at(-1)?.video.name).toBe('bulk 999');
    // Paged over the memberships alone, or through the videos (a filter on them): the same pages.
    for (const sort of ['arranged', 'added_last'] as const) {
      for (const page of [1, 40, 75]) {
        const options = { showcaseId: showcase!.id, sort, page, perPage: 12 };
        const alone = await listShowcaseVideos(db, options);
        const joined = await listShowcaseVideos(db, { ...options, filter: 'playable' });
        expect(alone.items.map((i) => [i.video.id, i.position])).toEqual(
          joined.items.map((i) => [i.video.id, i.position]),
        );
      }
    }
  });

  it('show a late page as it is after each change, though its order is held between changes', async () => {
    const db = await getDb();
    const [showcase] = await db
      .insert(schema.showcases)
      .values({ ownerId, name: 'Late pages' })
      .returning();
    await db.execute(sql`
      with made as (insert into videos (owner_id, name) select ${ownerId}, 'late ' || n from generate_series(1, 600) n returning id)
      insert into showcase_videos (showcase_id, video_id, position) select ${showcase!.id}, id, row_number() over (order by id) from made`);
    const version = async () =>
      (
        await db
          .select({ v: schema.showcases.orderVersion })
          .from(schema.showcases)
          .where(eq(schema.showcases.id, showcase!.id))
      )[0]!.v;
    const lastPage = async () => {
      const { total, items } = await listShowcaseVideos(db, {
        showcaseId: showcase!.id,
        sort: 'arranged',
        page: 50,
        perPage: 12,
      });
      return { total, names: items.map((i) => i.video.name) };
    };
    expect((await lastPage()).names.at(-1)).toBe('late 600');
    const [last] = await db
      .select({ id: schema.videos.id })
      .from(schema.videos)
      .where(eq(schema.videos.name, 'late 600'));
    let seen = await version();
    const moved = async () => {
      const now = await version();
      expect(now).toBeGreaterThan(seen);
      seen = now;
    };
    await db
      .update(schema.videos)
      .set({ privacyView: 'nobody' })
      .where(eq(schema.videos.id, last!.id));
    await moved();
    expect(await lastPage()).toMatchObject({
      total: 599,
      names: expect.not.arrayContaining(['late 600']),
    });
    await db
      .update(schema.videos)
      .set({ privacyView: 'anybody' })
      .where(eq(schema.videos.id, last!.id));
    await moved();
    await db
      .update(schema.showcaseVideos)
      .set({ position: 0 })
      .where(
        and(
          eq(schema.showcaseVideos.showcaseId, showcase!.id),
          eq(schema.showcaseVideos.videoId, last!.id),
        ),
      );
    await moved();
    expect((await lastPage()).names.at(-1)).toBe('late 599');
    await db.delete(schema.videos).where(eq(schema.videos.name, 'late 599'));
    await moved();
    expect(await lastPage()).toMatchObject({ total: 599 });
    expect((await lastPage()).names.at(-1)).toBe('late 598');
    await db.update(schema.videos).set({ plays: 5 }).where(eq(schema.videos.id, last!.id));
    expect(await version()).toBe(seen);
  });

  it('let a showcase go with its videos in it, and the video stay counted elsewhere', async () => {
    const db = await getDb();
    const [gone] = await db.insert(schema.showcases).values({ ownerId, name: 'Gone' }).returning();
    const before = await counts(first);
    const id = await video();
    await add(gone!.id, id);
    await add(first, id);
    await db.delete(schema.showcases).where(eq(schema.showcases.id, gone!.id));
    expect(await counts(first)).toEqual({ n: before.n + 1, r: before.r });
  });
});

describe('the playable total of a showcase hiding upcoming events', () => {
  it('leaves out live events not yet on the air, and counts them once they are', async () => {
    const db = await getDb();
    const [showcase] = await db
      .insert(schema.showcases)
      .values({ ownerId, name: 'Events', hideUpcoming: true })
      .returning();
    const clip = await video();
    const event = await video({ type: 'live' });
    const noEvent = await video({ type: 'live' });
    await add(showcase!.id, clip, event, noEvent);
    await db.insert(schema.liveEvents).values({ videoId: event, status: 'pending' });
    const playable = () =>
      listShowcaseVideos(db, {
        showcaseId: showcase!.id,
        sort: 'arranged',
        page: 1,
        perPage: 12,
        filter: 'playable',
      });
    expect(await playable()).toMatchObject({ total: 1, items: [{ video: { id: clip } }] });
    await db
      .update(schema.liveEvents)
      .set({ status: 'streaming' })
      .where(eq(schema.liveEvents.videoId, event));
    const now = await playable();
    expect(now.total).toBe(2);
    expect(now.items.map((i) => i.video.id)).toEqual([clip, event]);
  });
});
