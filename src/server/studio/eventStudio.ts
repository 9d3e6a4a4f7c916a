/**
 * The studio's live events: those of an account with their schedule, stream key and
 * replays; creating one (a live video with its chat room, schedule, key and place in a
 * showcase), editing it, and ending a broadcast on the air. The ingest node holding the
 * stream lets go when the event is released from it (liveBroadcast.ts checks on its heartbeat).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventInput } from '../../lib/eventForm.ts';
import type { LiveStatus } from '../../lib/domain.ts';
import { occurrenceAt, LIVE_LATE_WINDOW_MS } from '../../lib/liveSchedule.ts';
import { scheduledStatus } from '../../lib/liveStatus.ts';
import type { Db } from '../db/client.ts';
import {
  chatRooms,
  liveBroadcasts,
  liveEvents,
  showcases,
  showcaseVideos,
  videos,
} from '../db/schema.ts';
import { forgetShowcaseReads } from '../showcases/cachedReads.ts';
import { appendToShowcase, leaveShowcase } from '../showcases/joinShowcase.ts';
import { newStreamKey } from '../live/streamKeys.ts';

export interface StudioEvent {
  videoId: number;
  name: string;
  description: string;
  status: LiveStatus;
  startTime: Date | null;
  rrule: string | null;
  timeZone: string;
  saveReplay: boolean;
  showViewers: boolean;
  streamKey: string | null;
  lastError: string | null;
  showcaseId: number | null;
}

export interface StudioReplay {
  videoId: number;
  name: string;
  startedAt: Date;
}

const eventColumns = {
  videoId: videos.id,
  name: videos.name,
  description: videos.description,
  status: liveEvents.status,
  startTime: liveEvents.startTime,
  rrule: liveEvents.rrule,
  timeZone: liveEvents.timeZone,
  saveReplay: liveEvents.saveReplay,
  showViewers: liveEvents.showViewers,
  streamKey: liveEvents.streamKey,
  lastError: liveEvents.lastError,
  showcaseId: sql<
    number | null
  >`(select ${showcaseVideos.showcaseId} from ${showcaseVideos} where ${showcaseVideos.videoId} = ${videos.id} order by ${showcaseVideos.addedAt} asc limit 1)`,
};

const asEvent = (row: Omit<StudioEvent, 'status'> & { status: string }): StudioEvent => ({
  ...row,
  status: row.status as LiveStatus,
});

/** The account's live events that are not replays, soonest first. */
export async function listStudioEvents(db: Db, ownerId: number): Promise<StudioEvent[]> {
  const replays = db
    .select({ id: liveBroadcasts.replayVideoId })
    .from(liveBroadcasts)
    .where(sql`${liveBroadcasts.replayVideoId} is not null`);
  const rows = await db
    .select(eventColumns)
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(and(eq(videos.ownerId, ownerId), sql`${videos.id} not in ${replays}`))
    .orderBy(sql`${liveEvents.startTime} asc nulls last`, asc(videos.id));
  return rows.map(asEvent);
}

export async function findStudioEvent(
  db: Db,
  ownerId: number,
  videoId: number,
): Promise<StudioEvent | null> {
  const [row] = await db
    .select(eventColumns)
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(and(eq(videos.ownerId, ownerId), eq(videos.id, videoId)))
    .limit(1);
  return row ? asEvent(row) : null;
}

/** Replays made from the event's broadcasts (a one-off event is its own replay once archived). */
export async function listReplays(db: Db, videoId: number): Promise<StudioReplay[]> {
  const rows = await db
    .select({
      videoId: liveBroadcasts.replayVideoId,
      name: videos.name,
      startedAt: liveBroadcasts.startedAt,
    })
    .from(liveBroadcasts)
    .innerJoin(videos, eq(videos.id, liveBroadcasts.replayVideoId))
    .where(and(eq(liveBroadcasts.eventVideoId, videoId), eq(liveBroadcasts.status, 'archived')))
    .orderBy(desc(liveBroadcasts.startedAt));
  return rows.map((row) => ({ ...row, videoId: row.videoId! }));
}

/** The account's showcases an event may be shown in. */
export async function eventShowcaseChoices(
  db: Db,
  ownerId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: showcases.id, name: showcases.name })
    .from(showcases)
    .where(eq(showcases.ownerId, ownerId))
    .orderBy(asc(showcases.name));
}

function scheduledNow(
  input: Pick<EventInput, 'startTime' | 'rrule' | 'timeZone'>,
  now: Date,
): { startTime: Date; status: LiveStatus } {
  const current = input.rrule
    ? (occurrenceAt(input, now, LIVE_LATE_WINDOW_MS) ?? input.startTime)
    : input.startTime;
  return { startTime: current, status: scheduledStatus(current, now) };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Puts the event where the owner chose: at the end of that showcase's order, as a new video
 * joins (joinShowcase.ts), leaving the showcase it was shown in before. Where the owner has
 * arranged it since, it stays while the showcase is kept.
 */
async function placeInShowcase(
  tx: Tx,
  videoId: number,
  showcaseId: number | null,
  formerShowcaseId: number | null = null,
): Promise<void> {
  if (formerShowcaseId !== null && formerShowcaseId !== showcaseId)
    await leaveShowcase(tx, formerShowcaseId, videoId);
  if (showcaseId !== null) await appendToShowcase(tx, showcaseId, [videoId]);
}

export async function createEvent(
  db: Db,
  account: { ownerId: number; userId: number },
  input: EventInput,
  now = new Date(),
): Promise<number> {
  const videoId = await db.transaction(async (tx) => {
    const [video] = await tx
      .insert(videos)
      .values({
        ownerId: account.ownerId,
        uploaderId: account.userId,
        name: input.name,
        description: input.description,
        type: 'live',
        status: 'ready',
      })
      .returning({ id: videos.id });
    const [room] = await tx
      .insert(chatRooms)
      .values({ chatEnabled: true })
      .returning({ id: chatRooms.id });
    const scheduled = scheduledNow(input, now);
    await tx.insert(liveEvents).values({
      videoId: video!.id,
      ...scheduled,
      rrule: input.rrule,
      timeZone: input.timeZone,
      saveReplay: input.saveReplay,
      showViewers: input.showViewers,
      streamKey: newStreamKey(),
      chatRoomId: room!.id,
    });
    await placeInShowcase(tx, video!.id, input.showcaseId);
    return video!.id;
  });
  forgetShowcaseReads();
  return videoId;
}

/** Saves name, schedule and showcase; an event on the air or over keeps its status until it ends. */
export async function updateEvent(
  db: Db,
  event: StudioEvent,
  input: EventInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(videos)
      .set({ name: input.name, description: input.description })
      .where(eq(videos.id, event.videoId));
    const settled = event.status === 'streaming' || event.status === 'done';
    const scheduled = scheduledNow(input, now);
    await tx
      .update(liveEvents)
      .set({
        rrule: input.rrule,
        timeZone: input.timeZone,
        saveReplay: input.saveReplay,
        showViewers: input.showViewers,
        ...(settled ? {} : scheduled),
      })
      .where(eq(liveEvents.videoId, event.videoId));
    await placeInShowcase(tx, event.videoId, input.showcaseId, event.showcaseId);
  });
  forgetShowcaseReads();
}

/**
 * Ends the broadcast on the air: the node holding it is released, sees so on its next
 * heartbeat and ends it as if the encoder had stopped (the replay follows). False when the
 * event is not on the air.
 */
export async function endRunningEvent(db: Db, videoId: number): Promise<boolean> {
  const released = await db
    .update(liveEvents)
    .set({ ingestNode: null })
    .where(and(eq(liveEvents.videoId, videoId), inArray(liveEvents.status, ['streaming'])))
    .returning({ videoId: liveEvents.videoId });
  return released.length > 0;
}
