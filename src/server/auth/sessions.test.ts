/**
 * A signed-in viewer's session is read once in a while, not on every page
 * (src/server/auth/sessions.ts): what changes it reaches the kept read through the database's
 * notifications before the write is answered. Embedded PGlite, or the PostgreSQL of DATABASE_URL.
 */
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('sessions');

const { sql } = await import('drizzle-orm');
const { getDb } = await import('../db/client.ts');
const { listenForPageChanges } = await import('../db/pageChanges.ts');
const { pagesChanged } = await import('../db/pageChangeSignal.ts');
const { createSession, readSession, revokeSession } = await import('./sessions.ts');
const db = await getDb();
const changes = await listenForPageChanges({ onChange: pagesChanged, onGap: pagesChanged });

await db.execute(sql`insert into users (email, name) values ('viewer@example.test', 'Kenji')`);
// PGlite answers { rows }, postgres.js the rows themselves.
const created = (await db.execute(sql`select id from users`)) as unknown as
  { id: number }[] | { rows: { id: number }[] };
const userId = Number((Array.isArray(created) ? created : created.rows)[0]!.id);

describe('a session read again', () => {
  it('is refused at once once revoked', async () => {
    const { token } = await createSession(db, userId, null);
    expect((await readSession(db, token))?.user.name).toBe('Kenji');
    await revokeSession(db, token);
    await changes.caughtUp();
    expect(await readSession(db, token)).toBeNull();
  });

  it("shows the account's change at once", async () => {
    const { token } = await createSession(db, userId, null);
    expect((await readSession(db, token))?.user.name).toBe('Kenji');
    await db.execute(sql`update users set name = 'Kenji Watanabe' where id = ${userId}`);
    await changes.caughtUp();
    expect((await readSession(db, token))?.user.name).toBe('Kenji Watanabe');
  });

  it('is refused once its lifetime has run out, kept or not', async () => {
    const { token } = await createSession(db, userId, null);
    expect(await readSession(db, token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 24 * 60 * 60 * 1000 });
    try {
      expect(await readSession(db, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
