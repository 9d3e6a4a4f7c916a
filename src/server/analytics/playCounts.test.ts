/**
 * The play counters against a real database (PGlite in a temporary folder, or the PostgreSQL
 * of DATABASE_URL): a flush adds to the day's rows rather than replacing them, drops what
 * names no video or showcase, and writes nothing that tells one viewer from another.
 */
import { describe, expect, it } from 'vitest';
import { createTally, type BeaconContext } from '../../lib/playCounting.ts';
import { parseBeacon } from '../../lib/playCounting.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('plays');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { accountPlays, playTotals, showcaseAnalytics, videoAnalytics, writePlayCounts } =
  await import('./playCounts.ts');
const { withCountedPlays } = await import('../api/apiStats.ts');

const db = await getDb();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const [showcase] = await db
  .insert(schema.showcases)
  .values({ ownerId: owner!.id, name: 'Reel' })
  .returning();
const [video] = await db
  .insert(schema.videos)
  .values({ ownerId: owner!.id, name: 'Launch', duration: 100 })
  .returning();
await db
  .insert(schema.showcaseVideos)
  .values({ showcaseId: showcase!.id, videoId: video!.id, position: 1 });

const DAY = '2026-12-07';
const context = (overrides: Partial<BeaconContext> = {}): BeaconContext => ({
  day: DAY,
  firstToday: true,
  country: 'DE',
  ownHost: 'vitrine.test',
  now: 0,
  ...overrides,
});
const beacon = (wire: object) => parseBeacon(JSON.stringify(wire))!;

/** A viewer who plays the first fifth of the video from blog.example. */
function oneViewer(tally = createTally(), videoId = video!.id) {
  tally.beacon(beacon({ k: 'play', a: showcase!.id, v: videoId, r: 'blog.example' }), context());
  tally.beacon(
    beacon({ k: 'progress', a: showcase!.id, v: videoId, s: 20, b: [0, 1, 2, 3] }),
    context(),
  );
  return tally;
}

describe('flushing the tally', () => {
  it('adds each flush to the day of the video and of the showcase', async () => {
    await writePlayCounts(db, oneViewer().drain());
    const tally = oneViewer();
    tally.beacon(beacon({ k: 'finish', a: showcase!.id, v: video!.id, s: 80, b: [19] }), context());
    tally.visit(showcase!.id, {
      day: DAY,
      firstVisit: true,
      country: null,
      referrer: 'news.example',
      ownHost: 'vitrine.test',
    });
    await writePlayCounts(db, tally.drain());

    const stats = await videoAnalytics(db, video!.id, '2026-12-01', 20);
    expect(stats.days).toEqual([
      { day: DAY, plays: 2, finishes: 1, watchSeconds: 120, livePeak: 0 },
    ]);
    expect(stats.retention.slice(0, 5)).toEqual([2, 2, 2, 2, 0]);
    expect(stats.retention[19]).toBe(1);
    expect(stats.referrers).toEqual([{ value: 'blog.example', count: 2 }]);
    expect(stats.countries).toEqual([{ value: 'DE', count: 2 }]);

    const reel = await showcaseAnalytics(db, showcase!.id, '2026-12-01');
    expect(reel.days).toEqual([{ day: DAY, visits: 1, plays: 2 }]);
    expect(reel.topVideos).toEqual([{ videoId: video!.id, name: 'Launch', plays: 2 }]);
    expect(reel.referrers).toEqual([{ value: 'news.example', count: 1 }]);

    expect(await accountPlays(db, owner!.id, '2026-12-01', 3)).toEqual({
      plays: 2,
      topVideos: [{ videoId: video!.id, name: 'Launch', plays: 2 }],
    });
    expect(await accountPlays(db, owner!.id, '2026-12-08', 3)).toEqual({ plays: 0, topVideos: [] });
    expect(await playTotals(db, [video!.id])).toEqual(new Map([[video!.id, 2]]));
  });

  it('drops the rows of a video that does not exist and keeps the rest', async () => {
    const tally = oneViewer(createTally(), 999_999);
    oneViewer(tally);
    await writePlayCounts(db, tally.drain());
    expect((await videoAnalytics(db, video!.id, DAY, 20)).days[0]?.plays).toBe(3);
    const rows = await db.select().from(schema.videoDailyStats);
    expect(rows.map((row) => row.videoId)).toEqual([video!.id]);
  });

  it('keeps the highest live peak of the day', async () => {
    const tally = createTally();
    const ping = (i: string, now: number) =>
      tally.beacon(
        beacon({ k: 'live', a: showcase!.id, v: video!.id, i: `${i}-0000-0000-0000-000000000000` }),
        context({ now }),
      );
    ping('aaaaaaaa', 0);
    ping('bbbbbbbb', 1);
    await writePlayCounts(db, tally.drain());
    ping('aaaaaaaa', 200_000);
    await writePlayCounts(db, tally.drain());
    expect((await videoAnalytics(db, video!.id, DAY, 20)).days[0]?.livePeak).toBe(2);
  });

  it('writes counts only: no column can hold an address, a cookie or a key', async () => {
    const tables = [
      schema.videoDailyStats,
      schema.videoDailyRetention,
      schema.showcaseDailyStats,
      schema.videoDailySources,
      schema.showcaseDailySources,
    ];
    const written = JSON.stringify(await Promise.all(tables.map((t) => db.select().from(t))));
    expect(written).not.toMatch(/aaaaaaaa|bbbbbbbb|127\.0\.0\.1|Mozilla/);
    const columns = tables.flatMap((table) => Object.keys(table));
    expect(columns).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/ip|address|cookie|hash|agent|viewer$/i)]),
    );
  });
});

describe("the API's stats.plays", () => {
  it('adds the counted plays to those the video came with', async () => {
    const counted = (await playTotals(db, [video!.id])).get(video!.id)!;
    const [shaped, other] = await withCountedPlays(db, [
      { uri: `/videos/${video!.id}`, stats: { plays: 40, likes: 2 } },
      { uri: '/videos/999999', stats: { plays: 7, likes: 0 } },
    ]);
    expect(counted).toBeGreaterThan(0);
    expect(shaped!.stats).toEqual({ plays: 40 + counted, likes: 2 });
    expect(other!.stats.plays).toBe(7);
  });
});
