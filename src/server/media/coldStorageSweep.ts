/**
 * The server's cold-storage sweep: archives idle sources and completes due retrievals at
 * start and then on an interval short enough for COLD_RESTORE_DELAY (hours in production,
 * seconds in tests).
 */
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { mediaStorage } from './mediaStorage.ts';
import { logger } from '../logger.ts';
import { archiveIdleSources, completeDefrosts } from './coldStorage.ts';

const MAX_INTERVAL_MS = 10 * 60 * 1000;

/** A quarter of the delay, between one second and ten minutes. */
export function sweepIntervalMs(restoreDelaySeconds: number): number {
  return Math.min(MAX_INTERVAL_MS, Math.max(1000, (restoreDelaySeconds * 1000) / 4));
}

/** Starts the sweep; the answer stops it and waits for a sweep under way. The timer never keeps the process alive. */
export function startColdStorageSweep(): () => Promise<void> {
  const delayMs = config().COLD_RESTORE_DELAY * 1000;
  let running: Promise<void> | null = null;
  const sweep = () => {
    // One sweep at a time: a slow disk must not stack them up.
    running ??= (async () => {
      const db = await getDb();
      const now = new Date();
      const archived = await archiveIdleSources(db, mediaStorage(), now);
      const restored = await completeDefrosts(db, mediaStorage(), now, delayMs);
      if (archived || restored) logger.info({ archived, restored }, 'cold storage sweep');
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'cold storage sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, sweepIntervalMs(config().COLD_RESTORE_DELAY));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
