/**
 * What /home shows a signed-in member about the account they work in: its newest videos with
 * their processing state, the videos whose review notes wait to be resolved, and its events on
 * the air or still to come, and the plays of its videos in the last seven days.
 * The parts their role may not read stay out.
 */
import { periodDays } from '../../lib/analyticsReport.ts';
import { utcDay } from '../../lib/playCounting.ts';
import { mayDo } from '../../lib/studioPermissions.ts';
import { accountPlays, type TopVideo } from '../analytics/playCounts.ts';
import { upcomingFirst } from '../../lib/upcomingEvents.ts';
import type { Db } from '../db/client.ts';
import { videosAwaitingReview } from '../review/reviewNotes.ts';
import { listStudioEvents, type StudioEvent } from '../studio/eventStudio.ts';
import type { StudioAccount } from '../studio/studioAccount.ts';
import { listLibrary, type LibraryVideo } from '../studio/videoStudio.ts';

const RECENT_VIDEOS = 6;
const EVENTS = 5;
const AWAITING_REVIEW = 5;
const WEEK_TOP_VIDEOS = 3;

export interface HomePage {
  /** Null when the role may not read the library. */
  recent: LibraryVideo[] | null;
  /** Videos with unresolved review notes, the most first; null when the role may not read. */
  awaitingReview: Awaited<ReturnType<typeof videosAwaitingReview>> | null;
  /** Streaming first, then the next to start; null when the role may not read events. */
  events: StudioEvent[] | null;
  /** The plays of the account's videos in the last seven days, the most played first. */
  week: { plays: number; topVideos: TopVideo[] } | null;
}

export async function loadHomePage(
  db: Db,
  account: StudioAccount,
  now = Date.now(),
): Promise<HomePage> {
  if (!mayDo(account.role, 'read'))
    return { recent: null, awaitingReview: null, events: null, week: null };
  const [library, awaitingReview, events, week] = await Promise.all([
    listLibrary(db, account.ownerId, {
      text: '',
      privacy: null,
      status: null,
      folder: null,
      page: 1,
    }),
    videosAwaitingReview(db, account.ownerId, AWAITING_REVIEW),
    listStudioEvents(db, account.ownerId),
    accountPlays(db, account.ownerId, periodDays(utcDay(now), 7)[0]!, WEEK_TOP_VIDEOS),
  ]);
  return {
    recent: library.items.slice(0, RECENT_VIDEOS),
    awaitingReview,
    events: upcomingFirst(events).slice(0, EVENTS),
    week,
  };
}
