/**
 * The live side of the database as the ingest sees it: which event a key opens, claiming it
 * for one node (one encoder per event across every node), the heartbeat that proves a node is
 * still packaging, and ending a broadcast: the event's next status and its replay job in one
 * transaction, so a replay is never lost between the two.
 */
import { and, eq, gt, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LIVE_LATE_WINDOW_MS,
  nextOccurrence,
  occurrenceAt,
  parseLiveRule,
  type LiveSchedule,
} from '../../lib/liveSchedule.ts';
import type { LiveIngestError } from '../../lib/liveIngestError.ts';
import { LIVE_READY_LEAD_MS, scheduledStatus, statusAfterBroadcast } from '../../lib/liveStatus.ts';
import type { LiveStatus } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { liveBroadcasts, liveEvents } from '../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';

export const LIVE_REPLAY_JOB = 'live-replay';
/**
 * A node that has not beaten for this long is gone (it beats every 5 s, liveBroadcast.ts): an
 * encoder that reconnects to another node is taken there. Its broadcast is ended by the sweep
 * once the encoder's grace has passed too, so a reconnect elsewhere continues the event.
 */
const STALE_HEARTBEAT_MS = 12_000;

export interface IngestEvent {
  videoId: number;
  status: LiveStatus;
  schedule: LiveSchedule | null;
  ingestNode: string | null;
  heartbeatAt: Date | null;
  saveReplay: boolean;
}

export function scheduleOf(row: {
  startTime: Date | null;
  rrule: string | null;
  timeZone: string;
}): LiveSchedule | null {
  return row.startTime
    ? { startTime: row.startTime, rrule: row.rrule, timeZone: row.timeZone }
    : null;
}

export function isRecurring(schedule: LiveSchedule | null): boolean {
  return (
    schedule !== null && schedule.rrule !== null && parseLiveRule(schedule.rrule).freq !== 'SINGLE'
  );
}

export async function findEventByKey(db: Db, streamKey: string): Promise<IngestEvent | null> {
  if (streamKey === '') return null;
  const [row] = await db
    .select()
    .from(liveEvents)
    .where(eq(liveEvents.streamKey, streamKey))
    .limit(1);
  if (!row) return null;
  return {
    videoId: row.videoId,
    status: row.status as LiveStatus,
    schedule: scheduleOf(row),
    ingestNode: row.ingestNode,
    heartbeatAt: row.heartbeatAt,
    saveReplay: row.saveReplay,
  };
}

/**
 * The occurrence a broadcast starting now stands for: the current one, or the next when it is
 * near (LIVE_READY_LEAD_MS). Far earlier, it is an extra broadcast that takes no occurrence,
 * so a recurring event does not skip its next date.
 */
export function broadcastOccurrence(schedule: LiveSchedule | null, now: Date): Date | null {
  const occurrence = schedule ? occurrenceAt(schedule, now, LIVE_LATE_WINDOW_MS) : null;
  return occurrence && occurrence.getTime() - now.getTime() <= LIVE_READY_LEAD_MS
    ? occurrence
    : null;
}

/** A broadcast ended by a node other than the one that packaged it. */
export interface OrphanedBroadcast {
  eventVideoId: number;
  id: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Ends the event's broadcasts still marked live but `current`: their node is gone. What they
 * recorded goes to a replay of its own (replay.ts); the event itself is left to `current`.
 */
async function endOrphans(
  tx: Tx,
  eventVideoId: number,
  current: number,
  now: Date,
): Promise<OrphanedBroadcast[]> {
  const orphans = await tx
    .update(liveBroadcasts)
    .set({
      status: sql`case when ${liveBroadcasts.recordedSegments} > 0 then 'ended' else 'failed' end`,
      endedAt: now,
    })
    .where(
      and(
        eq(liveBroadcasts.eventVideoId, eventVideoId),
        eq(liveBroadcasts.status, 'live'),
        ne(liveBroadcasts.id, current),
      ),
    )
    .returning({ eventVideoId: liveBroadcasts.eventVideoId, id: liveBroadcasts.id });
  for (const orphan of orphans) await enqueueJob(tx, LIVE_REPLAY_JOB, { broadcastId: orphan.id });
  return orphans;
}

export interface BroadcastStart {
  id: number;
  /** Broadcasts of a gone node that this one replaces. */
  orphans: OrphanedBroadcast[];
}

/**
 * Claims the event for `node` and opens its broadcast, ending any broadcast a gone node left
 * on it; null when another node holds it with a fresh heartbeat (a second encoder on the same
 * key elsewhere).
 */
export async function beginBroadcast(
  db: Db,
  event: IngestEvent,
  node: string,
  now = new Date(),
): Promise<BroadcastStart | null> {
  return db.transaction(async (tx) => {
    const stale = new Date(now.getTime() - STALE_HEARTBEAT_MS);
    const claimed = await tx
      .update(liveEvents)
      .set({ ingestNode: node, heartbeatAt: now, lastError: null })
      .where(
        and(
          eq(liveEvents.videoId, event.videoId),
          or(
            isNull(liveEvents.ingestNode),
            eq(liveEvents.ingestNode, node),
            lt(liveEvents.heartbeatAt, stale),
          ),
        ),
      )
      .returning({ videoId: liveEvents.videoId });
    if (claimed.length === 0) return null;
    const occurrenceStart = broadcastOccurrence(event.schedule, now);
    const [row] = await tx
      .insert(liveBroadcasts)
      .values({ eventVideoId: event.videoId, occurrenceStart, startedAt: now })
      .returning({ id: liveBroadcasts.id });
    return { id: row!.id, orphans: await endOrphans(tx, event.videoId, row!.id, now) };
  });
}

/** The first segments are out: viewers see LIVE. */
export async function markStreaming(db: Db, videoId: number, node: string): Promise<void> {
  await db
    .update(liveEvents)
    .set({ status: 'streaming', heartbeatAt: new Date() })
    .where(and(eq(liveEvents.videoId, videoId), eq(liveEvents.ingestNode, node)));
}

/** Says the node still holds the stream; false once its owner ended the event from the studio (released it). */
export async function heartbeat(
  db: Db,
  videoId: number,
  broadcastId: number,
  node: string,
  recordedSegments: number,
): Promise<boolean> {
  const held = await db
    .update(liveEvents)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(liveEvents.videoId, videoId), eq(liveEvents.ingestNode, node)))
    .returning({ videoId: liveEvents.videoId });
  await db
    .update(liveBroadcasts)
    .set({ recordedSegments })
    .where(eq(liveBroadcasts.id, broadcastId));
  return held.length > 0;
}

export async function recordIngestError(
  db: Db,
  videoId: number,
  error: LiveIngestError,
): Promise<void> {
  await db.update(liveEvents).set({ lastError: error }).where(eq(liveEvents.videoId, videoId));
}

export interface BroadcastEnd {
  videoId: number;
  broadcastId: number;
  /** Viewers could watch it: the event moves on (a one-off one is done). */
  onAir: boolean;
  recordedSegments: number;
  error: LiveIngestError | null;
  now?: Date;
}

/**
 * Ends a broadcast: the event turns done (one-off) or waits for its next occurrence
 * (recurring), and the replay job takes what was recorded. A push that never went on the air
 * changes nothing but the error the owner reads. A broadcast another has replaced (its encoder
 * went on through another node) ends alone: the event is the newer one's.
 */
export async function endBroadcast(
  db: Db,
  { videoId, broadcastId, onAir, recordedSegments, error, now = new Date() }: BroadcastEnd,
): Promise<LiveStatus> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.videoId, videoId))
      .for('update');
    const [broadcast] = await tx
      .select()
      .from(liveBroadcasts)
      .where(eq(liveBroadcasts.id, broadcastId));
    if (!event || !broadcast) return 'done';
    const [newest] = await tx
      .select({ id: max(liveBroadcasts.id) })
      .from(liveBroadcasts)
      .where(eq(liveBroadcasts.eventVideoId, videoId));
    if (newest?.id !== broadcastId) {
      await tx
        .update(liveBroadcasts)
        .set({ recordedSegments })
        .where(eq(liveBroadcasts.id, broadcastId));
      await endOrphans(tx, videoId, newest!.id!, now);
      return event.status as LiveStatus;
    }
    const schedule = scheduleOf(event);
    const after = new Date(Math.max(now.getTime(), (broadcast.occurrenceStart ?? now).getTime()));
    const nextStart = schedule ? nextOccurrence(schedule, after) : null;
    const status: LiveStatus = onAir
      ? statusAfterBroadcast({ recurring: isRecurring(schedule), nextStart, now })
      : scheduledStatus(schedule ? occurrenceAt(schedule, now, LIVE_LATE_WINDOW_MS) : null, now);
    await tx
      .update(liveEvents)
      .set({
        status,
        ingestNode: null,
        heartbeatAt: null,
        lastError: error,
        ...(onAir && isRecurring(schedule) && nextStart ? { startTime: nextStart } : {}),
      })
      .where(eq(liveEvents.videoId, videoId));
    await tx
      .update(liveBroadcasts)
      .set({ status: onAir ? 'ended' : 'failed', endedAt: now, recordedSegments })
      .where(eq(liveBroadcasts.id, broadcastId));
    // The job makes the replay, and clears the broadcast's live folder either way.
    await enqueueJob(tx, LIVE_REPLAY_JOB, { broadcastId });
    return status;
  });
}

/**
 * The sweep, on every node: broadcasts a gone node left behind. One another broadcast of its
 * event replaced ends at once; the newest ends once its node has been silent past the encoder's
 * grace (`graceMs`), so an encoder that reconnects to another node meanwhile carries the event
 * on. Returns the broadcasts it ended.
 */
export async function endStaleBroadcasts(
  db: Db,
  { now = new Date(), graceMs }: { now?: Date | undefined; graceMs: number },
): Promise<OrphanedBroadcast[]> {
  const later = alias(liveBroadcasts, 'later');
  const live = await db
    .select({
      videoId: liveEvents.videoId,
      status: liveEvents.status,
      heartbeatAt: liveEvents.heartbeatAt,
      broadcastId: liveBroadcasts.id,
      recordedSegments: liveBroadcasts.recordedSegments,
      replaced: sql<boolean>`exists (${db
        .select({ id: later.id })
        .from(later)
        .where(
          and(eq(later.eventVideoId, liveBroadcasts.eventVideoId), gt(later.id, liveBroadcasts.id)),
        )})`,
    })
    .from(liveBroadcasts)
    .innerJoin(liveEvents, eq(liveEvents.videoId, liveBroadcasts.eventVideoId))
    .where(eq(liveBroadcasts.status, 'live'));
  // A released event's node stops beating too: it ends the broadcast itself within a beat.
  const silentSince = now.getTime() - STALE_HEARTBEAT_MS - graceMs;
  const stale = live.filter(
    (row) => row.replaced || !row.heartbeatAt || row.heartbeatAt.getTime() < silentSince,
  );
  for (const row of stale)
    await endBroadcast(db, { ...row, onAir: row.status === 'streaming', error: 'stalled', now });
  return stale.map((row) => ({ eventVideoId: row.videoId, id: row.broadcastId }));
}
