/**
 * Concurrent viewers against the real stores: the database (PGlite in a temporary folder, or
 * the PostgreSQL of DATABASE_URL) and Redis (REDIS_URL, else 127.0.0.1:6379, skipped when
 * none answers). Two counters over one store stand for two nodes.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_GONE_MS } from '../../lib/playCounting.ts';
import { useTestDatabase } from '../db/testDatabase.ts';
import { reachable } from '../reachable.ts';

await useTestDatabase('viewers');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { createViewerCounter, dbViewerStore, redisViewerStore } = await import('./liveViewers.ts');
type ViewerStore = import('./liveViewers.ts').ViewerStore;

const db = await getDb();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const [onAir, upcoming] = await db
  .insert(schema.videos)
  .values([
    { ownerId: owner!.id, name: 'On the air', type: 'live' },
    { ownerId: owner!.id, name: 'Later', type: 'live' },
  ])
  .returning();
await db.insert(schema.liveEvents).values([
  { videoId: onAir!.id, status: 'streaming' },
  { videoId: upcoming!.id, status: 'ready' },
]);

const T = 1_800_000_000_000;
const A = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const B = '6fa459ea-ee8a-3ca4-894e-db77e160355e';

function sharedBehaviour(store: () => ViewerStore) {
  it('counts a viewer once however often it beats, a reload or a reconnect included', async () => {
    const node = createViewerCounter(store());
    node.seen(onAir!.id, A);
    node.seen(onAir!.id, A);
    await node.flush(T);
    node.seen(onAir!.id, A);
    await node.flush(T + 15_000);
    expect(await node.watching([onAir!.id], T + 15_000)).toEqual(new Map([[onAir!.id, 1]]));
  });

  it('gives every node the same number, whichever node each viewer reached', async () => {
    const first = createViewerCounter(store());
    const second = createViewerCounter(store());
    first.seen(onAir!.id, A);
    second.seen(onAir!.id, B);
    // The same viewer's next beat reaches the other node.
    second.seen(onAir!.id, A);
    await first.flush(T + 20_000);
    await second.flush(T + 21_000);
    const now = T + 22_000;
    expect(await first.watching([onAir!.id], now)).toEqual(new Map([[onAir!.id, 2]]));
    expect(await second.watching([onAir!.id], now)).toEqual(new Map([[onAir!.id, 2]]));
  });

  it('stops counting a viewer not heard from for a while', async () => {
    const node = createViewerCounter(store());
    node.seen(onAir!.id, B);
    await node.flush(T + 60_000);
    const still = T + 60_000 + LIVE_GONE_MS - 1;
    expect(await node.watching([onAir!.id], still)).toEqual(new Map([[onAir!.id, 1]]));
    const gone = T + 60_000 + LIVE_GONE_MS + 1;
    await node.flush(gone);
    expect(await node.watching([onAir!.id], gone)).toEqual(new Map([[onAir!.id, 0]]));
  });
}

describe('viewers in the database', () => {
  sharedBehaviour(() => dbViewerStore(db));

  it('keeps no one for an event that is not on the air, and forgets the departed', async () => {
    const node = createViewerCounter(dbViewerStore(db));
    node.seen(upcoming!.id, A);
    await node.flush(T + 200_000);
    expect(await node.watching([upcoming!.id], T + 200_000)).toEqual(new Map([[upcoming!.id, 0]]));
    const rows = await db.select().from(schema.liveViewers);
    expect(rows.every((row) => row.seenAt.getTime() >= T + 200_000 - LIVE_GONE_MS)).toBe(true);
  });
});

const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);

describe.skipIf(!redisUp)(
  `viewers in Redis${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
  () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    const prefix = `vitrine-test:${randomUUID()}:live-viewers:`;
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    sharedBehaviour(() => redisViewerStore(redis, async (videoId) => `${prefix}${videoId}`));
  },
);
