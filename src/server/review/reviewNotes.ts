/**
 * Review links and their notes (/review/{token}, /manage/videos/{id}/review): a link lets
 * whoever holds it watch one video, even a private one, and leave notes pinned to its time
 * codes and to the version of the video they watched (src/lib/reviewVersions.ts); the
 * account's members answer, resolve and remove them. Every change of a note is scoped by its
 * video, so an id from another account's video finds nothing.
 */
import type { AstroCookies } from 'astro';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewNoteFields } from '../../lib/reviewNotes.ts';
import type { VersionNotes } from '../../lib/reviewVersions.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { reviewLinks, reviewNotes, videoFiles, videoPictures, videos } from '../db/schema.ts';
import { servedOverHttps } from '../http/publicOrigin.ts';
import { openReviewMailWindow, type ReviewMailSettings } from './reviewMailWindow.ts';
import { clientKey } from '../rateLimit/clientKey.ts';
import { consume, reset } from '../rateLimit/rateLimiter.ts';
import { playJson, sign, type VideoJson } from '../showcases/represent.ts';
import { secret, signedWithAny } from '../secrets.ts';

export type ReviewLink = typeof reviewLinks.$inferSelect;
export type ReviewNote = typeof reviewNotes.$inferSelect;
export type ReviewVideo = Pick<
  typeof videos.$inferSelect,
  'id' | 'name' | 'duration' | 'status' | 'ownerId' | 'version'
>;

/** A link to the video's current version whatever it becomes (`version` null), or to one version. */
export async function createReviewLink(
  db: Db,
  videoId: number,
  password: string,
  version: number | null = null,
): Promise<ReviewLink> {
  const [link] = await db
    .insert(reviewLinks)
    .values({
      token: randomBytes(16).toString('base64url'),
      videoId,
      passwordHash: password ? await hashPassword(password) : null,
      version,
    })
    .returning();
  return link!;
}

export function reviewLinksOf(db: Db, videoId: number): Promise<ReviewLink[]> {
  return db
    .select()
    .from(reviewLinks)
    .where(eq(reviewLinks.videoId, videoId))
    .orderBy(asc(reviewLinks.createdAt), asc(reviewLinks.id));
}

export async function removeReviewLink(db: Db, videoId: number, linkId: number): Promise<boolean> {
  const removed = await db
    .delete(reviewLinks)
    .where(and(eq(reviewLinks.id, linkId), eq(reviewLinks.videoId, videoId)))
    .returning({ id: reviewLinks.id });
  return removed.length > 0;
}

/** The link a review address names, with its video; null for an unknown token. */
export async function findReviewLink(
  db: Db,
  token: string,
): Promise<{ link: ReviewLink; video: ReviewVideo } | null> {
  const [row] = await db
    .select({
      link: reviewLinks,
      video: {
        id: videos.id,
        name: videos.name,
        duration: videos.duration,
        status: videos.status,
        ownerId: videos.ownerId,
        version: videos.version,
      },
    })
    .from(reviewLinks)
    .innerJoin(videos, eq(videos.id, reviewLinks.videoId))
    .where(eq(reviewLinks.token, token));
  return row ?? null;
}

export const reviewProofCookie = (link: Pick<ReviewLink, 'id'>) => `vrv_${link.id}`;

function proofWith(key: Buffer, link: ReviewLink): string {
  return createHmac('sha256', key)
    .update(`review:${link.id}:${link.token}:${link.passwordHash ?? ''}`)
    .digest('base64url');
}

/** Kept in a cookie once the password was right; dies with the link or its password. */
export function reviewProof(link: ReviewLink): string {
  return proofWith(secret('access'), link);
}

export function isReviewProof(link: ReviewLink, proof: string | undefined): boolean {
  if (!proof) return false;
  const given = Buffer.from(proof);
  return signedWithAny('access', (key) => {
    const expected = Buffer.from(proofWith(key, link));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/**
 * A note on `version` of the link's video, and the mail that will tell the video's managers:
 * the note joins the video's open mail window or opens one, in one transaction, so a mail
 * being sent either carries the note or leaves it to the next window.
 */
export async function addReviewNote(
  db: Db,
  link: ReviewLink,
  note: ReviewNoteFields,
  version: number,
  mail: ReviewMailSettings,
): Promise<ReviewNote> {
  return db.transaction(async (tx) => {
    await openReviewMailWindow(tx, link.videoId, mail);
    const [row] = await tx
      .insert(reviewNotes)
      .values({ ...note, version, videoId: link.videoId, linkId: link.id })
      .returning();
    return row!;
  });
}

/**
 * The notes of one version of a video in the order of its timeline, the earliest sent first
 * at one time code.
 */
export function reviewNotesOf(db: Db, videoId: number, version: number): Promise<ReviewNote[]> {
  return db
    .select()
    .from(reviewNotes)
    .where(and(eq(reviewNotes.videoId, videoId), eq(reviewNotes.version, version)))
    .orderBy(asc(reviewNotes.seconds), asc(reviewNotes.createdAt), asc(reviewNotes.id));
}

/** How many notes, and unresolved ones, each version of a video has; versions without any are left out. */
export async function reviewNotesPerVersion(db: Db, videoId: number): Promise<VersionNotes[]> {
  return db
    .select({
      version: reviewNotes.version,
      notes: count(),
      unresolved: sql<number>`(count(*) filter (where not ${reviewNotes.resolved}))::int`,
    })
    .from(reviewNotes)
    .where(eq(reviewNotes.videoId, videoId))
    .groupBy(reviewNotes.version);
}

const noteOf = (videoId: number, noteId: number) =>
  and(eq(reviewNotes.id, noteId), eq(reviewNotes.videoId, videoId));

export async function replyToReviewNote(
  db: Db,
  videoId: number,
  noteId: number,
  reply: string,
): Promise<boolean> {
  const changed = await db
    .update(reviewNotes)
    .set(reply ? { reply, repliedAt: new Date() } : { reply: null, repliedAt: null })
    .where(noteOf(videoId, noteId))
    .returning({ id: reviewNotes.id });
  return changed.length > 0;
}

export async function resolveReviewNote(
  db: Db,
  videoId: number,
  noteId: number,
  resolved: boolean,
): Promise<boolean> {
  const changed = await db
    .update(reviewNotes)
    .set({ resolved })
    .where(noteOf(videoId, noteId))
    .returning({ id: reviewNotes.id });
  return changed.length > 0;
}

export async function deleteReviewNote(db: Db, videoId: number, noteId: number): Promise<boolean> {
  const removed = await db
    .delete(reviewNotes)
    .where(noteOf(videoId, noteId))
    .returning({ id: reviewNotes.id });
  return removed.length > 0;
}

/** Unresolved notes per video of `videoIds`; a video without any is left out. */
export async function unresolvedReviewNotes(
  db: Db,
  videoIds: readonly number[],
): Promise<Map<number, number>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .select({ videoId: reviewNotes.videoId, unresolved: count() })
    .from(reviewNotes)
    .where(and(inArray(reviewNotes.videoId, [...videoIds]), eq(reviewNotes.resolved, false)))
    .groupBy(reviewNotes.videoId);
  return new Map(rows.map((row) => [row.videoId, row.unresolved]));
}

/** The account's videos with notes still to resolve, the most waiting first, up to `limit`. */
export async function videosAwaitingReview(
  db: Db,
  ownerId: number,
  limit: number,
): Promise<{ videoId: number; name: string; unresolved: number }[]> {
  const unresolved = count();
  return db
    .select({ videoId: videos.id, name: videos.name, unresolved })
    .from(reviewNotes)
    .innerJoin(videos, eq(videos.id, reviewNotes.videoId))
    .where(and(eq(videos.ownerId, ownerId), eq(reviewNotes.resolved, false)))
    .groupBy(videos.id, videos.name)
    .orderBy(desc(unresolved), desc(videos.id))
    .limit(limit);
}

export interface ReviewMedia {
  play: VideoJson['play'];
  poster: string | null;
}

/**
 * What the review frame plays: the video's own files behind signed, expiring links, whoever
 * may watch it elsewhere (the link is the reviewer's right to watch).
 */
export async function reviewMedia(db: Db, videoId: number): Promise<ReviewMedia> {
  const [files, pictures] = await Promise.all([
    db
      .select({
        quality: videoFiles.quality,
        mime: videoFiles.mime,
        width: videoFiles.width,
        height: videoFiles.height,
        size: videoFiles.size,
        storageKey: videoFiles.storageKey,
        tier: videoFiles.tier,
      })
      .from(videoFiles)
      .where(eq(videoFiles.videoId, videoId)),
    db
      .select({ width: videoPictures.width, storageKey: videoPictures.storageKey })
      .from(videoPictures)
      .where(eq(videoPictures.videoId, videoId))
      .orderBy(asc(videoPictures.width)),
  ]);
  const poster = pictures.find((p) => p.width >= 960) ?? pictures.at(-1);
  return {
    play: playJson({ video: { id: videoId }, files, live: null }, false),
    poster: poster ? sign(poster.storageKey) : null,
  };
}

export type ReviewPasswordOutcome =
  { kind: 'right' } | { kind: 'wrong' } | { kind: 'limited'; retryAfterSeconds: number };

interface PasswordContext {
  clientAddress: string;
  cookies: AstroCookies;
  url: URL;
}

const PROOF_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * A review password try: limited per client and link as a showcase's are (LIMITS
 * passwordPerClient), checked with argon2, answered with the proof cookie when right.
 */
export async function checkReviewPassword(
  context: PasswordContext,
  link: ReviewLink,
  password: string,
): Promise<ReviewPasswordOutcome> {
  const client = `${clientKey(context.clientAddress)}:review:${link.id}`;
  const tried = await consume('passwordPerClient', client);
  if (!tried.allowed) return { kind: 'limited', retryAfterSeconds: tried.retryAfterSeconds };
  if (!(await verifyPassword(link.passwordHash, password))) return { kind: 'wrong' };
  await reset('passwordPerClient', client);
  context.cookies.set(reviewProofCookie(link), reviewProof(link), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(context.url),
    maxAge: PROOF_MAX_AGE,
  });
  return { kind: 'right' };
}

/** A note try, limited per client and link (LIMITS reviewNotePerClient). */
export function consumeNoteTry(clientAddress: string, link: ReviewLink) {
  return consume('reviewNotePerClient', `${clientKey(clientAddress)}:${link.id}`);
}
