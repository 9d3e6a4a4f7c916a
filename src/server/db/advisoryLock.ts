/**
 * Work one process at a time may do on a database, however many start on it together: the
 * migrations and the demo seed. On PostgreSQL a session-level advisory lock on a fixed key,
 * taken and held by a connection of its own for the whole of the work, which runs on it: the
 * next process gets the lock when that connection ends, also when its process dies. PGlite
 * needs none: only the process holding the data folder opens it (dataDirLock.ts).
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { config } from '../config.ts';
import { logger } from '../logger.ts';
import { getDb, type Db } from './client.ts';
import * as schema from './schema.ts';

/** Fixed keys, the same in every process of every release; advisory locks are per database. */
const LOCK_KEYS = {
  migrations: 7_620_001,
  demoSeed: 7_620_002,
} as const;

export type LockName = keyof typeof LOCK_KEYS;

/** Runs `work` holding `lock`, waiting first for any other process that holds it. */
export async function whileHolding<T>(lock: LockName, work: (db: Db) => Promise<T>): Promise<T> {
  const { DATABASE_URL } = config();
  if (!DATABASE_URL) return work(await getDb());
  // One connection, never recycled while the work runs: the lock lives and dies with it.
  const sql = postgres(DATABASE_URL, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    onnotice: () => {},
  });
  try {
    const key = LOCK_KEYS[lock];
    const [first] = await sql<{ taken: boolean }[]>`select pg_try_advisory_lock(${key}) as taken`;
    if (!first?.taken) {
      logger.info({ lock }, 'another process holds this lock: waiting for it');
      await sql`select pg_advisory_lock(${key})`;
    }
    return await work(drizzle(sql, { schema }) as unknown as Db);
  } finally {
    // Ending the session releases the lock.
    await sql.end({ timeout: 5 });
  }
}
