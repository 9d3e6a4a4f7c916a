/**
 * The mail that tells a video's managers about new review notes: the first note after the
 * last mail opens a window of REVIEW_MAIL_DELAY seconds, the notes left until it closes join
 * it, and one mail per manager then lists them all. Who gets it follows who may answer and
 * resolve the notes (src/lib/reviewNotes.ts mayReview).
 */
import type { TeamRole } from './domain.ts';
import { mayReview } from './reviewNotes.ts';

/** When the mail of a window opened at `openedAt` is due. */
export function mailDueAt(openedAt: Date, delaySeconds: number): Date {
  return new Date(openedAt.getTime() + delaySeconds * 1000);
}

export interface AccountPerson<T> {
  userId: number;
  role: TeamRole;
  contact: T;
}

/**
 * Those told about a video's notes: everybody in the account who may answer and resolve them
 * (its owner and admins, and the contributor who uploaded it), each once.
 */
export function reviewMailRecipients<T>(
  people: readonly AccountPerson<T>[],
  uploaderId: number | null,
): T[] {
  const told = new Set<number>();
  const recipients: T[] = [];
  for (const person of people) {
    if (told.has(person.userId)) continue;
    const actor = { kind: 'member', role: person.role, userId: person.userId, uploaderId } as const;
    if (!mayReview(actor, 'resolve')) continue;
    told.add(person.userId);
    recipients.push(person.contact);
  }
  return recipients;
}

export interface MailedNote {
  version: number;
  seconds: number;
  createdAt: Date;
}

/** A mail's notes: by version, then in the order of the timeline, then as they came. */
export function mailOrder<T extends MailedNote>(notes: readonly T[]): T[] {
  return [...notes].sort(
    (a, b) =>
      a.version - b.version ||
      a.seconds - b.seconds ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}
