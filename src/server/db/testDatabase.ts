/**
 * A database of its own for one test file, migrated, and removed when the file's tests end,
 * failed or not. Embedded PGlite in a temporary DATA_DIR; or, when DATABASE_URL names a test
 * database (src/lib/testDatabaseName.ts), a fresh PostgreSQL database created beside it,
 * `<name>_<pid>_<random>`. Test files run in parallel, so none may share a database.
 *
 * Await it at the top of the file, after setting any other environment variable the file
 * needs and before importing the modules under test: it points DATA_DIR and DATABASE_URL of
 * this process at the new database, and migrating it reads the configuration once and for all.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll } from 'vitest';
import { testDatabaseNameOf } from '../../lib/testDatabaseName.ts';
import { closeDb } from './client.ts';
import { migrate } from './migrate.ts';

/** PostgreSQL cuts identifiers longer than this, which would make two files share one. */
const MAX_NAME_LENGTH = 63;

export interface TestDatabase {
  /** The temporary DATA_DIR of this file (media and other files may go there too). */
  dataDir: string;
}

export interface TestDatabaseOptions {
  /** false leaves it empty, for a test of migrating it. */
  migrated?: boolean;
}

export async function useTestDatabase(
  label: string,
  { migrated = true }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const sharedUrl = process.env['DATABASE_URL'];
  // Refuse before anything is created.
  const sharedName = sharedUrl ? testDatabaseNameOf(sharedUrl) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), `vitrine-${label}-`));
  process.env['DATA_DIR'] = dataDir;
  let dropDatabase = async () => {};
  if (sharedUrl && sharedName !== null) {
    const name = `${sharedName}_${process.pid}_${randomBytes(3).toString('hex')}`;
    if (name.length > MAX_NAME_LENGTH)
      throw new Error(
        `The test database name ${name} is longer than ${MAX_NAME_LENGTH} characters: shorten the one DATABASE_URL names.`,
      );
    await onServer(sharedUrl, (sql) => sql`create database ${sql(name)}`);
    dropDatabase = () =>
      onServer(sharedUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`);
    const url = new URL(sharedUrl);
    url.pathname = `/${encodeURIComponent(name)}`;
    process.env['DATABASE_URL'] = url.toString();
  }

  let removed: Promise<void> | undefined;
  const remove = () =>
    (removed ??= (async () => {
      try {
        await closeDb();
      } finally {
        await dropDatabase();
        rmSync(dataDir, { recursive: true, force: true });
      }
    })());
  afterAll(remove);
  try {
    if (migrated) await migrate();
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir };
}

/** One statement on a connection of its own to the database `url` names (a database cannot drop itself). */
async function onServer(
  url: string,
  statement: (sql: postgres.Sql) => Promise<unknown>,
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await statement(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
