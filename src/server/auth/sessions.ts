/**
 * Server-side sessions: the cookie holds a random token, the table its SHA-256, so sessions
 * can be listed and revoked, and a leaked table yields no live cookie. Each session carries
 * its own CSRF token (xsrft).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createTtlCache } from '../../lib/ttlCache.ts';
import { onViewersChanged } from '../db/pageChangeSignal.ts';
import type { Db } from '../db/client.ts';
import { sessions, users, viewerSettings } from '../db/schema.ts';
import {
  DEFAULT_RATING_SELECTION,
  storedRatingSelection,
  type RatingSelection,
} from '../../lib/footerPreferences.ts';

export const SESSION_COOKIE = 'vsid';
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

type SessionUser = typeof users.$inferSelect;

export interface ActiveSession {
  user: SessionUser;
  xsrfToken: string;
  idHash: string;
  /** The account's mature-content filter (SPEC §7 POST /settings stores it on the account). */
  ratingSelection: RatingSelection;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null,
): Promise<{ token: string; xsrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    idHash: digest(token),
    userId,
    xsrfToken,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
  return { token, xsrfToken };
}

function findSession(db: Db, idHash: string) {
  return db
    .select({
      user: users,
      xsrfToken: sessions.xsrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      preset: viewerSettings.contentRatingPreset,
      ratings: viewerSettings.contentRatings,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(viewerSettings, eq(viewerSettings.userId, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)))
    .limit(1)
    .then(([row]) => row ?? null);
}

/**
 * Sessions read in the last seconds, by the hash of their token: a signed-in viewer's every
 * page would otherwise begin with this read. Any change to a session (revoked, removed), its
 * account or its settings forgets them on every node before the write is answered
 * (drizzle/0010_viewer_changes.sql).
 */
const sessionReads = createTtlCache<Awaited<ReturnType<typeof findSession>>>({
  ttlMs: 30_000,
  max: 10_000,
});
onViewersChanged(() => sessionReads.clear());

export async function readSession(
  db: Db,
  token: string | undefined,
): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const idHash = digest(token);
  const now = new Date();
  const row = await sessionReads.get(idHash, () => findSession(db, idHash));
  if (!row || row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active viewer stays signed in. The kept read is moved on with it.
    row.lastSeenAt = now;
    row.expiresAt = new Date(now.getTime() + LIFETIME_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt })
      .where(eq(sessions.idHash, idHash));
  }
  const ratingSelection =
    row.preset === null
      ? DEFAULT_RATING_SELECTION
      : storedRatingSelection(row.preset, row.ratings ?? []);
  return { user: row.user, xsrfToken: row.xsrfToken, idHash, ratingSelection };
}

/** Whether the session with this id hash is neither revoked nor expired. */
export async function isSessionActive(db: Db, idHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, idHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.idHash, digest(token)));
}

export function setSessionCookie(cookies: AstroCookies, token: string, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
