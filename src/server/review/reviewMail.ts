/**
 * The one mail about a video's new review notes (src/lib/reviewMail.ts). The pending state
 * lives in the database, so it outlasts restarts and is shared by every node: a note opens
 * the video's mail window (a `review_mail_windows` row) and queues one job for when it is
 * due, or joins the window already open; the job, on whichever worker takes it, marks the
 * notes not yet mailed as mailed in one statement and then sends them. A note is claimed by
 * one job only, so no note is ever mailed twice; when no mail could go out the claim is
 * undone and the job is retried. The window's side is reviewMailWindow.ts.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale, type TeamRole } from '../../lib/domain.ts';
import { isLocale } from '../../lib/localeNegotiation.ts';
import { mailOrder, reviewMailRecipients } from '../../lib/reviewMail.ts';
import type { Db } from '../db/client.ts';
import {
  reviewMailWindows,
  reviewNotes,
  teamMemberships,
  teams,
  users,
  videos,
} from '../db/schema.ts';
import { logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeReviewNotesMail } from '../mail/reviewNotesMail.ts';
import type { ReviewMailPayload } from './reviewMailWindow.ts';

interface Recipient {
  email: string;
  locale: Locale;
}

/** Everybody in the video's account who may answer and resolve its notes. */
async function recipientsOf(
  db: Db,
  video: { ownerId: number; uploaderId: number | null },
): Promise<Recipient[]> {
  const contact = (row: { email: string; locale: string | null }): Recipient => ({
    email: row.email,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
  });
  const [owner] = await db
    .select({ userId: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, video.ownerId));
  const members = await db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      role: teamMemberships.role,
    })
    .from(teams)
    .innerJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teams.ownerId, video.ownerId))
    .orderBy(asc(users.id));
  return reviewMailRecipients(
    [
      ...(owner
        ? [{ userId: owner.userId, role: 'Owner' as TeamRole, contact: contact(owner) }]
        : []),
      ...members.map((row) => ({
        userId: row.userId,
        role: row.role as TeamRole,
        contact: contact(row),
      })),
    ],
    video.uploaderId,
  );
}

/**
 * The job of a video's mail window: closes the window, claims the notes not yet mailed and
 * sends one mail of them to each recipient. Answers how many notes it mailed.
 */
export async function sendReviewMail(
  db: Db,
  { videoId, origin }: ReviewMailPayload,
  mailerFor: (origin: string) => Mailer,
  now: Date = new Date(),
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    // A window opened after this job's (a retry's) keeps its own job and due time.
    await tx
      .delete(reviewMailWindows)
      .where(and(eq(reviewMailWindows.videoId, videoId), lte(reviewMailWindows.dueAt, now)));
    return tx
      .update(reviewNotes)
      .set({ mailedAt: now })
      .where(and(eq(reviewNotes.videoId, videoId), isNull(reviewNotes.mailedAt)))
      .returning();
  });
  if (claimed.length === 0) return 0;
  const [video] = await db
    .select({ name: videos.name, ownerId: videos.ownerId, uploaderId: videos.uploaderId })
    .from(videos)
    .where(eq(videos.id, videoId));
  const recipients = video ? await recipientsOf(db, video) : [];
  const notes = mailOrder(claimed);
  const mailer = mailerFor(origin);
  const failures: unknown[] = [];
  for (const recipient of recipients) {
    const mail = composeReviewNotesMail({
      locale: recipient.locale,
      videoName: video!.name,
      videoId,
      origin,
      notes,
    });
    await mailer.send({ to: recipient.email, ...mail }).catch((error: unknown) => {
      failures.push(error);
    });
  }
  if (recipients.length > 0 && failures.length === recipients.length) {
    // Nobody was told: the notes wait for the job's next attempt.
    await db
      .update(reviewNotes)
      .set({ mailedAt: null })
      .where(
        inArray(
          reviewNotes.id,
          claimed.map((note) => note.id),
        ),
      );
    throw failures[0];
  }
  // Somebody was told: sending again would tell them twice, so the others miss this one.
  for (const error of failures)
    logger.warn({ err: error, videoId }, 'a review notes mail could not be sent');
  return claimed.length;
}
