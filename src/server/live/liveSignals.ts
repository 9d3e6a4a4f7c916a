/**
 * The shared live figures of this process, stored where every node reads them: viewers
 * (liveViewers.ts) and stream health (streamHealthStore.ts), in Redis when REDIS_URL is set
 * (keys under the site's namespace, src/server/redisNamespace.ts), else in the database.
 */
import { Redis } from 'ioredis';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { logger } from '../logger.ts';
import { redisName } from '../redisNamespace.ts';
import {
  createViewerCounter,
  dbViewerStore,
  redisViewerStore,
  type ViewerCounter,
} from './liveViewers.ts';
import { dbHealthStore, redisHealthStore, type StreamHealthStore } from './streamHealthStore.ts';

export interface LiveSignals {
  viewers: ViewerCounter;
  health: StreamHealthStore;
}

const WARN_EVERY_MS = 60_000;

// One per process, on globalThis: the start script and the Astro bundle load this module
// separately, and the beacon step's sightings must reach the flush that writes them.
const KEY = Symbol.for('vitrine.liveSignals');
const holder = globalThis as { [KEY]?: Promise<LiveSignals> };

export function liveSignals(): Promise<LiveSignals> {
  holder[KEY] ??= (async () => {
    const url = config().REDIS_URL;
    if (!url) {
      const db = await getDb();
      return { viewers: createViewerCounter(dbViewerStore(db)), health: dbHealthStore(db) };
    }
    const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    let warnedAt = 0;
    redis.on('error', (err) => {
      if (Date.now() - warnedAt < WARN_EVERY_MS) return;
      warnedAt = Date.now();
      logger.warn({ err }, 'live viewers and stream health: Redis unavailable, retrying');
    });
    // The socket keeps no process alive: a stopping server does not wait on it.
    redis.on('connect', () => redis.stream.unref());
    return {
      viewers: createViewerCounter(
        redisViewerStore(redis, (videoId) => redisName(`live-viewers:${videoId}`)),
      ),
      health: redisHealthStore(redis, (videoId) => redisName(`live-health:${videoId}`)),
    };
  })().catch((error: unknown) => {
    // A failed start (the database out of reach) is not kept: the next call tries again.
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
