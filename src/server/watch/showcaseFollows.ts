/**
 * The showcases a signed-in viewer follows or has opened (the showcase_follows table), which
 * their /watch page lists the newest videos of. Whether the viewer may still open each one is
 * not kept here: the access path decides that every time the page is shown.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { showcaseFollows } from '../db/schema.ts';
import { logger } from '../logger.ts';

/** How many showcases /watch reads: the followed ones, then the most recently opened. */
const WATCHED_SHOWCASE_LIMIT = 24;
/** An opening is written at most this often a viewer and showcase, by one node. */
const OPENING_INTERVAL_MS = 60 * 60 * 1000;

/** Follows a showcase the viewer may open (the caller has asked the access path). */
export async function follow(db: Db, userId: number, showcaseId: number): Promise<void> {
  const followedAt = new Date();
  await db
    .insert(showcaseFollows)
    .values({ userId, showcaseId, following: true, followedAt })
    .onConflictDoUpdate({
      target: [showcaseFollows.userId, showcaseFollows.showcaseId],
      set: { following: true, followedAt },
    });
}

/** Stops following; a showcase the viewer may no longer open, or that is gone, too. */
export async function unfollow(db: Db, userId: number, showcaseId: number): Promise<void> {
  await db
    .update(showcaseFollows)
    .set({ following: false, followedAt: null })
    .where(and(eq(showcaseFollows.userId, userId), eq(showcaseFollows.showcaseId, showcaseId)));
}

/** The ids of the showcases the viewer follows. */
export async function followedShowcaseIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: showcaseFollows.showcaseId })
    .from(showcaseFollows)
    .where(and(eq(showcaseFollows.userId, userId), eq(showcaseFollows.following, true)));
  return rows.map((row) => row.id);
}

export interface WatchedShowcase {
  showcaseId: number;
  following: boolean;
}

/** The followed showcases, newest follow first, then the others by when they were last opened. */
export async function watchedShowcases(db: Db, userId: number): Promise<WatchedShowcase[]> {
  return db
    .select({ showcaseId: showcaseFollows.showcaseId, following: showcaseFollows.following })
    .from(showcaseFollows)
    .where(
      and(
        eq(showcaseFollows.userId, userId),
        or(eq(showcaseFollows.following, true), sql`${showcaseFollows.openedAt} IS NOT NULL`),
      ),
    )
    .orderBy(
      desc(showcaseFollows.following),
      desc(sql`coalesce(${showcaseFollows.followedAt}, ${showcaseFollows.openedAt})`),
    )
    .limit(WATCHED_SHOWCASE_LIMIT);
}

const lastWritten = new Map<string, number>();

/**
 * Notes that the viewer opened a showcase. A page view writes it at most once an hour (per
 * node), so a viewer browsing a showcase does not write on every page, and the page does not
 * wait for it: a write that fails is logged and costs the viewer nothing. The returned promise
 * settles when the write has, and never rejects.
 */
export function recordOpening(
  db: Db,
  userId: number,
  showcaseId: number,
  now = Date.now(),
): Promise<void> {
  const key = `${userId}:${showcaseId}`;
  const last = lastWritten.get(key);
  if (last !== undefined && now - last < OPENING_INTERVAL_MS) return Promise.resolve();
  // Delete and re-insert keeps the map in the order of writing: the oldest goes first.
  lastWritten.delete(key);
  lastWritten.set(key, now);
  if (lastWritten.size > 10_000) lastWritten.delete(lastWritten.keys().next().value!);
  const openedAt = new Date(now);
  return db
    .insert(showcaseFollows)
    .values({ userId, showcaseId, openedAt })
    .onConflictDoUpdate({
      target: [showcaseFollows.userId, showcaseFollows.showcaseId],
      set: { openedAt },
    })
    .then(
      () => {},
      (err: unknown) => logger.warn({ err, showcaseId }, 'could not note a showcase opened'),
    );
}
