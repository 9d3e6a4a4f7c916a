/**
 * Checks the data folder and takes it (dataFolder.ts, db/dataDirLock.ts), brings the database
 * to the current schema and, on an empty database, seeds the demo catalogue (SEED_DEMO=false
 * skips it). Both are safe with other nodes and workers starting on the same database at once
 * (db/advisoryLock.ts).
 */
import { config } from './config.ts';
import { getDb } from './db/client.ts';
import { isStartRefusal, prepareDataFolder } from './dataFolder.ts';
import { migrate } from './db/migrate.ts';
import { logger } from './logger.ts';
import { seedIfEmpty } from './seed/seedIfEmpty.ts';
import type { SeedProgress } from './startupState.ts';

export interface PrepareOptions {
  /** Called as the demo seed renders its videos, first with 0 rendered. Not called without a seed. */
  onSeedProgress?: ((progress: SeedProgress) => void) | undefined;
}

/** A data folder another process has, or that takes no writes: one clear line, and no start. */
function refuseToStart(error: unknown): never {
  if (!isStartRefusal(error)) throw error;
  logger.fatal(error.message);
  process.exit(1);
}

export async function prepareDatabase({ onSeedProgress }: PrepareOptions = {}): Promise<void> {
  await prepareDataFolder().catch(refuseToStart);
  await getDb().catch(refuseToStart);
  await migrate();
  if (!config().SEED_DEMO) return;
  await seedIfEmpty(async () => {
    const { seedDemo } = await import('./seed/seedDemo.ts');
    await seedDemo({ onProgress: onSeedProgress });
  });
}
