/**
 * Where the node holding a broadcast leaves its push's health for the studio of any node
 * (src/lib/streamHealth.ts): live_events.stream_health, or a key per event in Redis when
 * REDIS_URL is set, which expires by itself if the node goes away.
 */
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { StreamHealth } from '../../lib/streamHealth.ts';
import type { Db } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';

/** Health older than this was left by a node that stopped writing it: not shown. */
const HEALTH_STALE_MS = 15_000;

export interface StreamHealthStore {
  /** The health of the event's push, or null when it is off the air. */
  write(videoId: number, health: StreamHealth | null): Promise<void>;
  /** What was last written, if recent. */
  read(videoId: number, now?: number): Promise<StreamHealth | null>;
}

const current = (health: StreamHealth | null | undefined, now: number) =>
  health && now - health.writtenAt <= HEALTH_STALE_MS ? health : null;

export function dbHealthStore(db: Db): StreamHealthStore {
  return {
    async write(videoId, health) {
      await db
        .update(liveEvents)
        .set({ streamHealth: health })
        .where(eq(liveEvents.videoId, videoId));
    },
    async read(videoId, now = Date.now()) {
      const [row] = await db
        .select({ health: liveEvents.streamHealth })
        .from(liveEvents)
        .where(eq(liveEvents.videoId, videoId));
      return current(row?.health, now);
    },
  };
}

export function redisHealthStore(
  redis: Redis,
  keyOf: (videoId: number) => Promise<string>,
): StreamHealthStore {
  return {
    async write(videoId, health) {
      const key = await keyOf(videoId);
      if (health === null) await redis.del(key);
      else await redis.set(key, JSON.stringify(health), 'PX', HEALTH_STALE_MS);
    },
    async read(videoId, now = Date.now()) {
      const text = await redis.get(await keyOf(videoId));
      return current(text === null ? null : (JSON.parse(text) as StreamHealth), now);
    },
  };
}
