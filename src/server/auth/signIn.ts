/**
 * E-mail and password sign-in: one answer for an unknown e-mail and a wrong password, and
 * an argon2 check even when the account does not exist, so timing tells nothing either.
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { servedOverHttps } from '../http/publicOrigin.ts';
import { users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, setSessionCookie } from './sessions.ts';

let decoy: Promise<string> | undefined;

export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  decoy ??= hashPassword('decoy password for timing');
  const ok = await verifyPassword(user?.passwordHash ?? (await decoy), password);
  return user && ok ? user.id : null;
}

/** Opens a session for the user and sets its cookie on the response. */
export async function startSession(
  context: Pick<APIContext, 'cookies' | 'request' | 'url'>,
  db: Db,
  userId: number,
): Promise<void> {
  const { token } = await createSession(db, userId, context.request.headers.get('user-agent'));
  setSessionCookie(context.cookies, token, servedOverHttps(context.url));
}

/** Where a team showcase's sign-in sends the viewer back to (SPEC §4: removed after use). */
export const TEAM_SIGN_IN_REDIRECT_COOKIE = 'team_signin_redirect';
