/**
 * Review notes (/review/{token}): what a reviewer may send, the time codes they are pinned
 * to, and who may do what with them. A note is plain text, shown escaped wherever it appears;
 * the server keeps its time code in whole seconds.
 */
import type { TeamRole } from './domain.ts';
import { mayDo, mayEditVideo } from './studioPermissions.ts';

export const REVIEW_NAME_MAX = 60;
export const REVIEW_NOTE_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;

/**
 * Seconds from a time code as people write it: "83", "1:23", "01:02:03". Minutes and seconds
 * after the first part stay under 60; anything else is no time code.
 */
export function parseTimeCode(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d{1,6}$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((n) => n >= 60)) return null;
  return numbers.reduce((total, n) => total * 60 + n, 0);
}

/** "m:ss", or "h:mm:ss" from an hour on. */
export function formatTimeCode(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export type ReviewNoteError =
  | 'review.errorName'
  | 'review.errorNameLong'
  | 'review.errorBody'
  | 'review.errorBodyLong'
  | 'review.errorTime';

export interface ReviewNoteInput {
  name: string;
  body: string;
  time: string;
}

export interface ReviewNoteFields {
  authorName: string;
  body: string;
  seconds: number;
}

export type ReviewNoteCheck =
  | { ok: true; note: ReviewNoteFields }
  | { ok: false; errors: Partial<Record<keyof ReviewNoteInput, ReviewNoteError>> };

/** Line breaks kept, other control characters dropped: they show as nothing or garble. */
const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .trim();

/** A note as sent, checked against the video's length (a time code past its end is refused). */
export function checkReviewNote(input: ReviewNoteInput, duration: number): ReviewNoteCheck {
  const authorName = tidy(input.name).replace(/\s+/g, ' ');
  const body = tidy(input.body);
  const seconds = parseTimeCode(input.time);
  const errors: Partial<Record<keyof ReviewNoteInput, ReviewNoteError>> = {};
  if (!authorName) errors.name = 'review.errorName';
  else if ([...authorName].length > REVIEW_NAME_MAX) errors.name = 'review.errorNameLong';
  if (!body) errors.body = 'review.errorBody';
  else if ([...body].length > REVIEW_NOTE_MAX) errors.body = 'review.errorBodyLong';
  if (seconds === null || (duration > 0 && seconds > duration)) errors.time = 'review.errorTime';
  if (Object.keys(errors).length > 0 || seconds === null) return { ok: false, errors };
  return { ok: true, note: { authorName, body, seconds } };
}

/** An owner's reply: empty takes the reply away; too long is refused (null). */
export function checkReply(text: string): string | null {
  const reply = tidy(text);
  return [...reply].length > REVIEW_REPLY_MAX ? null : reply;
}

export type ReviewAction = 'add' | 'read' | 'reply' | 'resolve' | 'delete' | 'makeLink';

/** Who asks: anybody holding the link, or a member of the account the video is in. */
export type ReviewActor =
  | { kind: 'reviewer' }
  | { kind: 'member'; role: TeamRole; userId: number; uploaderId: number | null };

/**
 * A reviewer adds notes and reads them on the review page. In the studio, whoever may read
 * the video sees its notes; whoever may edit it answers, resolves and removes them, and makes
 * its review links.
 */
export function mayReview(actor: ReviewActor, action: ReviewAction): boolean {
  if (actor.kind === 'reviewer') return action === 'add' || action === 'read';
  if (action === 'read') return mayDo(actor.role, 'read');
  if (action === 'add') return false;
  return mayEditVideo(actor.role, actor.userId, actor.uploaderId);
}
