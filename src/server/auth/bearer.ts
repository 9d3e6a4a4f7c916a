/**
 * The user a bearer JWT authenticates (SPEC §7 Authorization, the embed frame's `jwt`): a
 * valid token whose session, if it came from one, is still signed in.
 */
import type { Db } from '../db/client.ts';
import { verifyJwt } from './jwt.ts';
import { isSessionActive } from './sessions.ts';

export async function bearerUserId(db: Db, token: string | null | undefined): Promise<number | null> {
  const subject = await verifyJwt(token);
  if (!subject) return null;
  if (subject.sessionIdHash !== null && !(await isSessionActive(db, subject.sessionIdHash))) return null;
  return subject.userId;
}
