/**
 * The window side of the mail about new review notes (reviewMail.ts sends it): a note opens
 * its video's mail window and queues the one job that will send it, or joins the open one.
 * Pages import this; the sending, with its mail strings read from disk, is the worker's.
 */
import { sql } from 'drizzle-orm';
import { mailDueAt } from '../../lib/reviewMail.ts';
import type { Db } from '../db/client.ts';
import { reviewMailWindows } from '../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';

export const REVIEW_MAIL_JOB = 'review-mail';

export interface ReviewMailPayload {
  videoId: number;
  /** The site's origin as the note's request saw it (src/server/http/publicOrigin.ts siteOrigin). */
  origin: string;
}

export function isReviewMailPayload(
  payload: Record<string, unknown>,
): payload is Record<string, unknown> & ReviewMailPayload {
  return typeof payload['videoId'] === 'number' && typeof payload['origin'] === 'string';
}

export interface ReviewMailSettings {
  /** REVIEW_MAIL_DELAY. */
  delaySeconds: number;
  origin: string;
}

type Writer = Pick<Db, 'insert'>;

/**
 * Opens the video's mail window and queues its mail, or joins the open window. The upsert
 * locks the window's row, so a job closing that window waits for the note's transaction and
 * then sees its note; `xmax = 0` holds only for a row this statement inserted.
 */
export async function openReviewMailWindow(
  tx: Writer,
  videoId: number,
  { delaySeconds, origin }: ReviewMailSettings,
  now: Date = new Date(),
): Promise<boolean> {
  const dueAt = mailDueAt(now, delaySeconds);
  const [window] = await tx
    .insert(reviewMailWindows)
    .values({ videoId, dueAt })
    .onConflictDoUpdate({
      target: reviewMailWindows.videoId,
      set: { dueAt: sql.raw('"review_mail_windows"."due_at"') },
    })
    .returning({ opened: sql<boolean>`xmax = 0` });
  if (!window?.opened) return false;
  const payload: ReviewMailPayload = { videoId, origin };
  await enqueueJob(tx, REVIEW_MAIL_JOB, { ...payload }, dueAt);
  return true;
}
