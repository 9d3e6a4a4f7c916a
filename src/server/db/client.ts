/**
 * One database per process, embedded PGlite by default or PostgreSQL when DATABASE_URL is
 * set. The handle lives on globalThis because the start script and the Astro server bundle
 * load this module separately: two PGlite instances on one folder would corrupt it. For the
 * same reason PGlite opens only under the data folder's lock (dataDirLock.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '../config.ts';
import { acquireDataDirLock, releaseDataDirLock } from './dataDirLock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Handle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const KEY = Symbol.for('vitrine.db');
type Holder = { [KEY]?: Promise<Handle> };
const holder = globalThis as Holder;

async function open(): Promise<Handle> {
  const { DATABASE_URL, DATA_DIR } = config();
  if (DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const sql = postgres(DATABASE_URL, { max: 10, onnotice: () => {} });
    return {
      db: drizzle(sql, { schema }) as unknown as Db,
      kind: 'postgres',
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const dir = path.resolve(DATA_DIR, 'pglite');
  await acquireDataDirLock(path.resolve(DATA_DIR));
  try {
    // PGlite does not create parent folders.
    mkdirSync(dir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const close = async () => {
      try {
        await client.close();
      } finally {
        releaseDataDirLock();
      }
    };
    return { db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite', close };
  } catch (error) {
    releaseDataDirLock();
    throw error;
  }
}

function handle(): Promise<Handle> {
  // A failed open (the folder busy) is not kept: a later call tries again.
  holder[KEY] ??= open().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function dbKind(): Promise<Handle['kind']> {
  return (await handle()).kind;
}

/** Closes the connection; PGlite must be closed on exit or its sequences jump. */
export async function closeDb(): Promise<void> {
  const pending = holder[KEY];
  if (!pending) return;
  delete holder[KEY];
  await (await pending).close();
}
