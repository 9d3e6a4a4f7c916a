/**
 * Keeps every live event that is off the air in step with the clock: its start_time is the
 * occurrence current now (a recurring event rolls on to the next one once the last is more
 * than the late window past) and its status follows from it. Every node runs this every few
 * seconds, so it reads once and writes only the rows that change.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { LIVE_LATE_WINDOW_MS, occurrenceAt } from '../../lib/liveSchedule.ts';
import { scheduledStatus } from '../../lib/liveStatus.ts';
import type { Db } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';
import { logger } from '../logger.ts';

/** On the air or over: the ingest decides these, never the clock. */
const SETTLED = ['streaming', 'done'];
/** Rules already reported as unreadable, so the log says so once rather than every tick. */
const reported = new Set<string>();

interface ScheduledRow {
  startTime: Date | null;
  rrule: string | null;
  timeZone: string;
}

function scheduledState({ startTime, rrule, timeZone }: ScheduledRow, now: Date) {
  // A one-off event keeps its start once passed: it stays ready for a late encoder.
  const current =
    startTime && rrule !== null
      ? occurrenceAt({ startTime, rrule, timeZone }, now, LIVE_LATE_WINDOW_MS)
      : startTime;
  return { startTime: current, status: scheduledStatus(current, now) };
}

/** Brings start times and statuses up to `now`; answers how many events changed. */
export async function refreshScheduledEvents(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .select({
      videoId: liveEvents.videoId,
      status: liveEvents.status,
      startTime: liveEvents.startTime,
      rrule: liveEvents.rrule,
      timeZone: liveEvents.timeZone,
    })
    .from(liveEvents)
    .where(notInArray(liveEvents.status, SETTLED));
  let changed = 0;
  for (const row of rows) {
    let next: ReturnType<typeof scheduledState>;
    try {
      next = scheduledState(row, now);
    } catch (error) {
      const known = `${row.videoId} ${row.rrule} ${row.timeZone}`;
      if (!reported.has(known))
        logger.warn({ err: error, videoId: row.videoId }, 'live event schedule unreadable');
      reported.add(known);
      continue;
    }
    if (next.status === row.status && next.startTime?.getTime() === row.startTime?.getTime())
      continue;
    // An encoder may have gone on the air since the read: that row is no longer ours.
    const updated = await db
      .update(liveEvents)
      .set(next)
      .where(and(eq(liveEvents.videoId, row.videoId), notInArray(liveEvents.status, SETTLED)))
      .returning({ videoId: liveEvents.videoId });
    changed += updated.length;
  }
  return changed;
}
