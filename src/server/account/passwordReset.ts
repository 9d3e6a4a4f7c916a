/**
 * "Forgot password?": a link by mail that sets a new password once, within an hour. The
 * answer to a request is the same whether the address has an account or not, and does not
 * wait for the mail (the mail server's pace would tell known addresses apart), so nobody
 * learns who has one; requests are rate-limited per client and per address. Setting the new
 * password signs the account out everywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS, tokenUsable } from '../../lib/accountRules.ts';
import type { Locale } from '../../lib/domain.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { composeResetMail } from '../mail/accountMail.ts';
import type { Mailer } from '../mail/mailer.ts';

export const tokenDigest = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/**
 * Stores a new link for the account of `email`, if there is one, and hands its mail to the
 * mailer without waiting for the delivery: waiting would make a known address answer slower.
 * Resolves to the delivery (for whoever wants to wait), or null for an unknown address.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  {
    email,
    origin,
    locale,
    now = new Date(),
  }: { email: string; origin: string; locale: Locale; now?: Date },
): Promise<{ delivery: Promise<void> } | null> {
  const [user] = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user) {
    logger.info({ event: 'password_reset_unknown' }, 'password reset asked for an unknown address');
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: tokenDigest(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  const url = new URL(`/password_reset/${token}`, origin).href;
  const delivery = mailer
    .send({ to: email, ...composeResetMail((user.locale as Locale | null) ?? locale, url) })
    .then(
      () =>
        logger.info({ event: 'password_reset_sent', userId: user.id }, 'password reset link sent'),
      (failure: unknown) =>
        logger.error(
          { err: failure, event: 'password_reset_unsent', userId: user.id },
          'password reset mail could not be sent',
        ),
    );
  return { delivery };
}

/** Is this link still good? (It is shown before the new password is asked for.) */
export async function resetLinkUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (token.length > 100) return false;
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenDigest(token)))
    .limit(1);
  return row !== undefined && tokenUsable(row, now);
}

/** Sets the new password and spends the link; false when it was unknown, used or expired. */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<boolean> {
  if (token.length > 100) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenDigest(token)))
      .for('update');
    if (!row || !tokenUsable(row, now)) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(eq(passwordResets.tokenHash, row.tokenHash));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    logger.info({ event: 'password_reset_used', userId: row.userId }, 'password reset');
    return true;
  });
}
