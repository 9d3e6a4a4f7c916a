/**
 * When the live hero's island must run without anyone touching it (its module waits for the
 * page's first interaction otherwise): at once while a countdown ticks, when the status poll
 * is first due for an event that may still change (SPEC §9 intervals), never for a replay.
 */
import { liveBadgeFor } from './liveBadge.ts';
import { liveCountdown } from './liveCountdown.ts';
import { livePollInterval } from './livePolling.ts';

/** Milliseconds after the render; null when only an interaction wakes it. */
export function liveHeroWakeAfter(
  status: string,
  startTime: string | null,
  renderedAt: Date,
): number | null {
  if (status === 'done') return null;
  if (
    liveBadgeFor(status) === 'upcoming' &&
    liveCountdown(startTime, renderedAt).kind === 'countdown'
  )
    return 0;
  return livePollInterval(status, startTime, renderedAt);
}
