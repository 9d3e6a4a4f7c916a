/**
 * What /home shows a signed-in member about the account they work in: its newest videos with
 * their processing state, the videos whose review notes wait to be resolved, and its events on
 * the air or still to come.
 * The parts their role may not read stay out.
 */
import { mayDo } from '../../lib/studioPermissions.ts';
import { upcomingFirst } from '../../lib/upcomingEvents.ts';
import type { Db } from '../db/client.ts';
import { videosAwaitingReview } from '../review/reviewNotes.ts';
import { listStudioEvents, type StudioEvent } from '../studio/eventStudio.ts';
import type { StudioAccount } from '../studio/studioAccount.ts';
import { listLibrary, type LibraryVideo } from '../studio/videoStudio.ts';

const RECENT_VIDEOS = 6;
const EVENTS = 5;
const AWAITING_REVIEW = 5;

export interface HomePage {
  /** Null when the role may not read the library. */
  recent: LibraryVideo[] | null;
  /** Videos with unresolved review notes, the most first; null when the role may not read. */
  awaitingReview: Awaited<ReturnType<typeof videosAwaitingReview>> | null;
  /** Streaming first, then the next to start; null when the role may not read events. */
  events: StudioEvent[] | null;
}

export async function loadHomePage(db: Db, account: StudioAccount): Promise<HomePage> {
  if (!mayDo(account.role, 'read')) return { recent: null, awaitingReview: null, events: null };
  const [library, awaitingReview, events] = await Promise.all([
    listLibrary(db, account.ownerId, {
      text: '',
      privacy: null,
      status: null,
      folder: null,
      page: 1,
    }),
    videosAwaitingReview(db, account.ownerId, AWAITING_REVIEW),
    listStudioEvents(db, account.ownerId),
  ]);
  return {
    recent: library.items.slice(0, RECENT_VIDEOS),
    awaitingReview,
    events: upcomingFirst(events).slice(0, EVENTS),
  };
}
