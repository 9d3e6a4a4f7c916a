/**
 * "Forgot password?" against a real database (embedded PGlite, or the PostgreSQL of
 * DATABASE_URL): an unknown address gets nothing, a known one a link in its own language
 * whose token is kept only as a digest; the link sets a password once, within its hour, and
 * signs every session out.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('reset');

const { getDb } = await import('../db/client.ts');
const { passwordResets, users } = await import('../db/schema.ts');
const { hashPassword, verifyPassword } = await import('../auth/passwords.ts');
const { createSession, isSessionActive } = await import('../auth/sessions.ts');
const { requestPasswordReset, resetLinkUsable, resetPassword, tokenDigest } =
  await import('./passwordReset.ts');
const db = await getDb();

const ORIGIN = 'https://vitrine.example';
const sent: { to: string; subject: string; text: string }[] = [];
const mailer = {
  delivery: 'smtp' as const,
  send: async (mail: { to: string; subject: string; text: string }) => void sent.push(mail),
};

async function account(email: string, locale: string | null = null) {
  const [user] = await db
    .insert(users)
    .values({ email, name: email, passwordHash: await hashPassword('old password'), locale })
    .returning();
  return user!;
}

async function askForLink(email: string, now = new Date()): Promise<string> {
  const before = sent.length;
  const request = await requestPasswordReset(db, mailer, {
    email,
    origin: ORIGIN,
    locale: 'en',
    now,
  });
  await request?.delivery;
  expect(sent.length).toBe(before + 1);
  return /\/password_reset\/([\w-]+)/.exec(sent.at(-1)!.text)![1]!;
}

const storedPassword = async (userId: number) =>
  (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

describe('asking for a reset link', () => {
  it('mails nothing and stores nothing for an address without an account', async () => {
    const rows = (await db.select().from(passwordResets)).length;
    expect(
      await requestPasswordReset(db, mailer, {
        email: 'nobody@example.test',
        origin: ORIGIN,
        locale: 'en',
      }),
    ).toBeNull();
    expect(sent.filter((mail) => mail.to === 'nobody@example.test')).toEqual([]);
    expect((await db.select().from(passwordResets)).length).toBe(rows);
  });

  it('mails the account, in its language, whatever the case typed, and keeps only the digest of the token for an hour', async () => {
    const user = await account('Ana@Example.test', 'de-DE');
    const now = new Date('2026-11-24T12:00:00Z');
    const token = await askForLink('ana@EXAMPLE.test', now);
    expect(sent.at(-1)).toMatchObject({ to: 'ana@EXAMPLE.test', subject: 'Neues Passwort wählen' });
    expect(sent.at(-1)!.text).toContain(`${ORIGIN}/password_reset/${token}`);
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).toBe(tokenDigest(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('logs a mail that cannot be sent instead of failing the answer', async () => {
    await account('bounce@example.test');
    const failing = {
      delivery: 'smtp' as const,
      send: () => Promise.reject(new Error('connection refused')),
    };
    const request = await requestPasswordReset(db, failing, {
      email: 'bounce@example.test',
      origin: ORIGIN,
      locale: 'en',
    });
    await expect(request!.delivery).resolves.toBeUndefined();
  });
});

describe('following the link', () => {
  it('sets the new password once and signs every session of the account out', async () => {
    const user = await account('bruno@example.test');
    const session = await createSession(db, user.id, 'Firefox');
    const token = await askForLink('bruno@example.test');
    expect(await resetLinkUsable(db, token)).toBe(true);

    expect(await resetPassword(db, token, 'lantern harbour dawn')).toBe(true);
    expect(await verifyPassword(await storedPassword(user.id), 'lantern harbour dawn')).toBe(true);
    expect(await isSessionActive(db, tokenDigest(session.token))).toBe(false);

    expect(await resetLinkUsable(db, token)).toBe(false);
    expect(await resetPassword(db, token, 'another password')).toBe(false);
    expect(await verifyPassword(await storedPassword(user.id), 'lantern harbour dawn')).toBe(true);
  });

  it('refuses a link past its hour and leaves the password as it was', async () => {
    const user = await account('chen@example.test');
    const asked = new Date();
    const token = await askForLink('chen@example.test', asked);
    const later = new Date(asked.getTime() + 61 * 60 * 1000);
    expect(await resetLinkUsable(db, token, later)).toBe(false);
    expect(await resetPassword(db, token, 'too late password', later)).toBe(false);
    expect(await verifyPassword(await storedPassword(user.id), 'old password')).toBe(true);
  });

  it('refuses a token it never issued', async () => {
    expect(await resetLinkUsable(db, 'made-up-token')).toBe(false);
    expect(await resetPassword(db, 'x'.repeat(500), 'some password')).toBe(false);
  });
});
