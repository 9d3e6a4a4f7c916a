/**
 * The demo seed of a database without accounts, done once however many processes start on it
 * together: looked at, then looked at again under the seed's lock (db/advisoryLock.ts), since
 * another process may have seeded it while this one waited.
 */
import { whileHolding } from '../db/advisoryLock.ts';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { logger } from '../logger.ts';

async function hasAccounts(db: Db): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return anyUser !== undefined;
}

/** Runs `seed` when the database has no account; says whether it did. */
export async function seedIfEmpty(seed: () => Promise<void>): Promise<boolean> {
  if (await hasAccounts(await getDb())) return false;
  return whileHolding('demoSeed', async (db) => {
    if (await hasAccounts(db)) return false;
    logger.info('empty database: seeding the demo catalogue (first start only)');
    await seed();
    return true;
  });
}
