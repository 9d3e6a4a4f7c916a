/**
 * `npm run migrate` as a release runs it, and as every node does at start: three processes at
 * once on an empty PostgreSQL database all succeed, and each migration is applied once.
 * PGlite runs skip it: one process at a time opens an embedded database.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/server/db/testDatabase.ts';

const onPostgres = Boolean(process.env['DATABASE_URL']);
if (onPostgres) await useTestDatabase('migrate', { migrated: false });

const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
  entries: { tag: string }[];
};

async function migrateProcess(): Promise<{ code: number | null; stderr: string }> {
  // Its DATABASE_URL is this file's own, from the environment.
  const child = spawn(process.execPath, ['scripts/migrate.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe.skipIf(!onPostgres)(
  `npm run migrate${onPostgres ? '' : ' (skipped: DATABASE_URL is not set, this run is on PGlite)'}`,
  () => {
    it('migrates an empty database once when three processes start together', async () => {
      const runs = await Promise.all([migrateProcess(), migrateProcess(), migrateProcess()]);
      expect(runs).toEqual(runs.map(() => ({ code: 0, stderr: '' })));

      const sql = postgres(process.env['DATABASE_URL']!, { max: 1, onnotice: () => {} });
      try {
        const applied = await sql<{ hash: string; times: number }[]>`
          select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`;
        expect(applied).toHaveLength(journal.entries.length);
        expect(applied.every(({ times }) => times === 1)).toBe(true);
      } finally {
        await sql.end();
      }
    });
  },
);
