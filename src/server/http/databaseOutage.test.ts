/**
 * The error a real PostgreSQL throws at the server's own client (postgres.js under Drizzle)
 * when it refuses connections, as classifyError reads it: a database taken offline with
 * ALLOW_CONNECTIONS false, of this file's own beside DATABASE_URL (skipped on PGlite runs).
 */
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseNameOf } from '../../lib/testDatabaseName.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

const SHARED_URL = process.env['DATABASE_URL'];
if (SHARED_URL) await useTestDatabase('outage');

const { closeDb, getDb } = await import('../db/client.ts');
const { classifyError } = await import('./errorClassification.ts');

interface PostgresFailure {
  code?: string;
  severity?: string;
}

/** What a query through the server's client throws, and the PostgreSQL error inside it. */
async function failureOf(statement: ReturnType<typeof sql>) {
  const error: unknown = await (await getDb()).execute(statement).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  let inner = error as (PostgresFailure & { cause?: unknown }) | null;
  while (inner?.cause) inner = inner.cause as PostgresFailure & { cause?: unknown };
  return { error, code: inner?.code, severity: inner?.severity };
}

describe.skipIf(!SHARED_URL)(
  `a database that refuses connections${SHARED_URL ? '' : ' (skipped: DATABASE_URL is not set, this run is on PGlite)'}`,
  () => {
    it('calls the refusal unavailable, and a statement’s own 55000 a fault', async () => {
      // A database cannot be altered from a connection to itself: the one DATABASE_URL named.
      const admin = postgres(SHARED_URL!, { max: 1, onnotice: () => {} });
      const name = databaseNameOf(process.env['DATABASE_URL']!);
      const allowConnections = (allow: boolean) =>
        admin.unsafe(`alter database "${name}" allow_connections ${allow}`);
      try {
        // On a healthy database, a sequence no session has advanced: a fault of ours.
        await (await getDb()).execute(sql`create sequence never_advanced`);
        const statement = await failureOf(sql`select currval('never_advanced')`);
        expect(statement).toMatchObject({ code: '55000', severity: 'ERROR' });
        expect(classifyError(statement.error)).toBe('fault');

        // The server's client opens its connections anew (as after a restart, or once the
        // ones it had were ended), and the database takes none.
        await closeDb();
        await allowConnections(false);
        const refused = await failureOf(sql`select 1`);
        expect(refused).toMatchObject({ code: '55000', severity: 'FATAL' });
        expect(classifyError(refused.error)).toBe('unavailable');

        await allowConnections(true);
        expect(await (await getDb()).execute(sql`select 1 as back`)).toMatchObject([{ back: 1 }]);
      } finally {
        await allowConnections(true);
        await admin.end();
      }
    });
  },
);
