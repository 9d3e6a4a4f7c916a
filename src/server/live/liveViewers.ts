/**
 * Concurrent viewers of a live event, counted across nodes (docs/live.md "Stream health and
 * viewers"). The player frame's live beacon (POST /api/beacon, src/player/playBeacons.ts)
 * carries a random id its tab keeps across a reload; the beacon step notes it in memory, and
 * each flush of the play counts (src/server/analytics/playCounter.ts) writes what it noted to a
 * store every node reads: a sorted set per event in Redis when REDIS_URL is set, else the
 * live_viewers table. A viewer counts while seen within LIVE_GONE_MS, so a reload or a
 * reconnect, under the same id, is the same viewer, and every node gives the same number.
 */
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LIVE_GONE_MS } from '../../lib/playCounting.ts';
import type { Db } from '../db/client.ts';
import { liveEvents, liveViewers } from '../db/schema.ts';

interface Sighting {
  videoId: number;
  viewerId: string;
}

/** Where every node's sightings meet. */
export interface ViewerStore {
  /** Marks each viewer seen at `at` (ms), once per viewer and event. */
  see(sightings: readonly Sighting[], at: number): Promise<void>;
  /** Viewers seen at `since` (ms) or later, by event; an event with none is left out. */
  count(videoIds: readonly number[], since: number): Promise<Map<number, number>>;
  /** Forgets viewers not seen since `since` (ms). */
  prune(since: number): Promise<void>;
}

export interface ViewerCounter {
  /** Notes a viewer's heartbeat; written at the next flush. */
  seen(videoId: number, viewerId: string): void;
  /** Writes the heartbeats noted since the last flush; returns the events they were for. */
  flush(now?: number): Promise<number[]>;
  /** The viewers of each event now, 0 for none. */
  watching(videoIds: readonly number[], now?: number): Promise<Map<number, number>>;
}

/** Sightings noted by one process between flushes, at most this many (a flood is cut, not kept). */
const MAX_PENDING = 100_000;

export function createViewerCounter(store: ViewerStore): ViewerCounter {
  let pending = new Map<string, Sighting>();
  return {
    seen(videoId, viewerId) {
      if (pending.size < MAX_PENDING) pending.set(`${videoId}|${viewerId}`, { videoId, viewerId });
    },
    async flush(now = Date.now()) {
      const sightings = [...pending.values()];
      pending = new Map();
      // Nobody watching anywhere writes nothing; the departed count for nothing meanwhile.
      if (sightings.length === 0) return [];
      await store.prune(now - LIVE_GONE_MS);
      await store.see(sightings, now);
      return [...new Set(sightings.map((sighting) => sighting.videoId))];
    },
    async watching(videoIds, now = Date.now()) {
      const counted =
        videoIds.length === 0 ? new Map() : await store.count(videoIds, now - LIVE_GONE_MS);
      return new Map(videoIds.map((id) => [id, counted.get(id) ?? 0]));
    },
  };
}

/** The live_viewers table: one row per viewer and event, upserted; only events on the air take any. */
export function dbViewerStore(db: Db): ViewerStore {
  return {
    async see(sightings, at) {
      const ids = [...new Set(sightings.map((sighting) => sighting.videoId))];
      const onAir = await db
        .select({ videoId: liveEvents.videoId })
        .from(liveEvents)
        .where(and(inArray(liveEvents.videoId, ids), eq(liveEvents.status, 'streaming')));
      const open = new Set(onAir.map((row) => row.videoId));
      const rows = sightings
        .filter((sighting) => open.has(sighting.videoId))
        .map((sighting) => ({
          eventVideoId: sighting.videoId,
          viewerId: sighting.viewerId,
          seenAt: new Date(at),
        }));
      if (rows.length === 0) return;
      await db
        .insert(liveViewers)
        .values(rows)
        .onConflictDoUpdate({
          target: [liveViewers.eventVideoId, liveViewers.viewerId],
          set: { seenAt: sql`excluded.seen_at` },
        });
    },
    async count(videoIds, since) {
      const rows = await db
        .select({ videoId: liveViewers.eventVideoId, viewers: count() })
        .from(liveViewers)
        .where(
          and(
            inArray(liveViewers.eventVideoId, [...videoIds]),
            gte(liveViewers.seenAt, new Date(since)),
          ),
        )
        .groupBy(liveViewers.eventVideoId);
      return new Map(rows.map((row) => [row.videoId, row.viewers]));
    },
    async prune(since) {
      await db.delete(liveViewers).where(lt(liveViewers.seenAt, new Date(since)));
    },
  };
}

/** A sorted set per event, viewers scored by when they were seen; a set nobody renews expires. */
export function redisViewerStore(
  redis: Redis,
  keyOf: (videoId: number) => Promise<string>,
): ViewerStore {
  return {
    async see(sightings, at) {
      const batch = redis.multi();
      for (const [videoId, viewers] of Map.groupBy(sightings, (sighting) => sighting.videoId)) {
        const key = await keyOf(videoId);
        batch.zadd(key, ...viewers.flatMap((viewer) => [at, viewer.viewerId]));
        batch.zremrangebyscore(key, '-inf', `(${at - LIVE_GONE_MS}`);
        batch.pexpire(key, LIVE_GONE_MS * 2);
      }
      await batch.exec();
    },
    async count(videoIds, since) {
      const batch = redis.multi();
      for (const videoId of videoIds) batch.zcount(await keyOf(videoId), since, '+inf');
      const answers = (await batch.exec()) ?? [];
      const counted = new Map<number, number>();
      answers.forEach(([error, viewers], i) => {
        if (!error && Number(viewers) > 0) counted.set(videoIds[i]!, Number(viewers));
      });
      return counted;
    },
    // Each set is pruned as it is written, and expires when nobody writes it.
    async prune() {},
  };
}
