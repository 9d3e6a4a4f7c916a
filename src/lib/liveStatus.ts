/**
 * The status of a live event that is not on the air (SPEC §4, §3 Video.live.status):
 * 'unavailable' without a start time, 'pending' while the start is more than the ready lead
 * away, 'ready' from then on, until an encoder connects ('streaming'). A one-off event is
 * 'done' after its broadcast; a recurring one waits for its next occurrence.
 */
import type { LiveStatus } from './domain.ts';

/** How long before its start an event is 'ready': the owner may connect the encoder. */
export const LIVE_READY_LEAD_MS = 30 * 60 * 1000;

export type ScheduledStatus = Extract<LiveStatus, 'unavailable' | 'pending' | 'ready'>;

export function scheduledStatus(nextStart: Date | null, now: Date): ScheduledStatus {
  if (nextStart === null) return 'unavailable';
  return nextStart.getTime() - now.getTime() > LIVE_READY_LEAD_MS ? 'pending' : 'ready';
}

export interface AfterBroadcast {
  recurring: boolean;
  /** The next occurrence of a recurring event. */
  nextStart: Date | null;
  now: Date;
}

export function statusAfterBroadcast({
  recurring,
  nextStart,
  now,
}: AfterBroadcast): Exclude<LiveStatus, 'streaming'> {
  return recurring ? scheduledStatus(nextStart, now) : 'done';
}

/** Every event may go on the air until it is done, even before its start time. */
export function acceptsEncoder(status: LiveStatus): boolean {
  return status !== 'done';
}
