/**
 * What /home shows a signed-in member about the account they work in: its newest videos with
 * their processing state, its events on the air or still to come, and the account's quota.
 * The parts their role may not read stay out.
 */
import { mayDo } from '../../lib/studioPermissions.ts';
import { upcomingFirst } from '../../lib/upcomingEvents.ts';
import type { Db } from '../db/client.ts';
import { listStudioEvents, type StudioEvent } from '../studio/eventStudio.ts';
import type { StudioAccount } from '../studio/studioAccount.ts';
import { listLibrary, type LibraryVideo } from '../studio/videoStudio.ts';

const RECENT_VIDEOS = 6;
const EVENTS = 5;

export interface HomePage {
  /** Null when the role may not read the library. */
  recent: LibraryVideo[] | null;
  /** Streaming first, then the next to start; null when the role may not read events. */
  events: StudioEvent[] | null;
}

export async function loadHomePage(db: Db, account: StudioAccount): Promise<HomePage> {
  if (!mayDo(account.role, 'read')) return { recent: null, events: null };
  const [library, events] = await Promise.all([
    listLibrary(db, account.ownerId, {
      text: '',
      privacy: null,
      status: null,
      folder: null,
      page: 1,
    }),
    listStudioEvents(db, account.ownerId),
  ]);
  return {
    recent: library.items.slice(0, RECENT_VIDEOS),
    events: upcomingFirst(events).slice(0, EVENTS),
  };
}
