/**
 * A signed-in account's password and sessions against a real database (embedded PGlite, or
 * the PostgreSQL of DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('security');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { hashPassword, verifyPassword } = await import('../auth/passwords.ts');
const { createSession, isSessionActive } = await import('../auth/sessions.ts');
const { tokenDigest } = await import('./passwordReset.ts');
const { changePassword, listSessions, revokeOtherSessions, revokeOwnSession } =
  await import('./accountSecurity.ts');
const db = await getDb();

/** An account signed in from two browsers; `here` is the one making the request. */
async function signedInTwice(email: string) {
  const [user] = await db
    .insert(users)
    .values({ email, name: email, passwordHash: await hashPassword('old password') })
    .returning();
  const here = tokenDigest((await createSession(db, user!.id, 'Firefox on Linux')).token);
  const elsewhere = tokenDigest((await createSession(db, user!.id, 'Safari on iPhone')).token);
  return { userId: user!.id, here, elsewhere };
}

const storedPassword = async (userId: number) =>
  (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

describe('changing the password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const { userId, here, elsewhere } = await signedInTwice('dana@example.test');
    expect(await changePassword(db, userId, here, 'not it', 'orchard frost morning')).toBe(false);
    expect(await verifyPassword(await storedPassword(userId), 'old password')).toBe(true);
    expect(await isSessionActive(db, elsewhere)).toBe(true);
  });

  it('takes the new password and signs the other sessions out, not this one', async () => {
    const { userId, here, elsewhere } = await signedInTwice('emil@example.test');
    expect(await changePassword(db, userId, here, 'old password', 'orchard frost morning')).toBe(
      true,
    );
    expect(await verifyPassword(await storedPassword(userId), 'orchard frost morning')).toBe(true);
    expect([await isSessionActive(db, here), await isSessionActive(db, elsewhere)]).toEqual([
      true,
      false,
    ]);
  });
});

describe('sessions', () => {
  it('lists the account’s live sessions, this one marked', async () => {
    const { userId, here } = await signedInTwice('fatima@example.test');
    const list = await listSessions(db, userId, here);
    expect(list.map((session) => [session.userAgent, session.current]).sort()).toEqual([
      ['Firefox on Linux', true],
      ['Safari on iPhone', false],
    ]);
  });

  it('signs out one session of the account, never another account’s', async () => {
    const gus = await signedInTwice('gus@example.test');
    const other = await signedInTwice('hana@example.test');
    expect(await revokeOwnSession(db, gus.userId, other.elsewhere)).toBe(false);
    expect(await isSessionActive(db, other.elsewhere)).toBe(true);
    expect(await revokeOwnSession(db, gus.userId, gus.elsewhere)).toBe(true);
    expect(
      (await listSessions(db, gus.userId, gus.here)).map((session) => session.current),
    ).toEqual([true]);
  });

  it('signs out everywhere else at once', async () => {
    const { userId, here } = await signedInTwice('ivo@example.test');
    await createSession(db, userId, 'Chrome on Windows');
    await revokeOtherSessions(db, userId, here);
    expect((await listSessions(db, userId, here)).map((session) => session.userAgent)).toEqual([
      'Firefox on Linux',
    ]);
  });
});
