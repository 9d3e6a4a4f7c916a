/**
 * The seed at start against a real database: an empty one is seeded, one with accounts is not,
 * and on PostgreSQL three processes starting together (three calls, each locking on a
 * connection of its own) seed it once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('seedonce');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { sql } = await import('drizzle-orm');
const { rows } = await import('../db/rows.ts');
const { clearDatabase } = await import('./seedDemo.ts');
const { seedIfEmpty } = await import('./seedIfEmpty.ts');

const onPostgres = Boolean(process.env['DATABASE_URL']);

beforeEach(async () => {
  await clearDatabase();
});

/** A stand-in for the demo seed: one account, named after the start that made it. */
const seedAccount = (name: string) => async () => {
  await (await getDb()).insert(users).values({ email: `${name}@example.com`, name });
};

const accounts = async () =>
  (await (await getDb()).select({ name: users.name }).from(users)).map((u) => u.name);

const until = async (condition: () => Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('seedIfEmpty', () => {
  it('seeds an empty database, and leaves one with accounts alone', async () => {
    expect(await seedIfEmpty(seedAccount('first'))).toBe(true);
    expect(await seedIfEmpty(seedAccount('second'))).toBe(false);
    expect(await accounts()).toEqual(['first']);
  });

  it.skipIf(!onPostgres)(
    `seeds once when three processes start together${onPostgres ? '' : ' (skipped: PGlite has one process)'}`,
    async () => {
      const db = await getDb();
      let seeding = 0;
      let done = 0;
      const waitingForTheLock = async () =>
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
                and database = (select oid from pg_database where datname = current_database())`,
          )
        )[0]!.n;
      // A seed writes only once each of the three starts is seeding, waiting for the lock or
      // done: then every start that has not looked at the database under the lock seeds too.
      const seed = (name: string) => async () => {
        seeding += 1;
        await until(async () => seeding + done + (await waitingForTheLock()) === 3);
        await seedAccount(name)();
        seeding -= 1;
      };
      const start = async (name: string) => {
        const result = await seedIfEmpty(seed(name));
        done += 1;
        return result;
      };
      const seeded = await Promise.all(['a', 'b', 'c'].map(start));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(await accounts()).toHaveLength(1);
    },
  );
});
