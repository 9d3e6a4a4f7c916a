/**
 * Reading the live page's poll (SPEC §7: GET /albums/{albumId}/videos/{videoId} with
 * fields=live.status,live.recurring_event.schedule, and live.concurrent_viewers, which the
 * answer carries only where the owner shows it) and what the page does with it (SPEC §4:
 * "Done while streaming, or error code 8003, reloads page"). A failed poll changes nothing:
 * the next one tries again.
 */

/** SPEC §8: the event is no longer in the showcase. */
export const EVENT_GONE_ERROR = 8003;

export interface LiveSnapshot {
  status: string;
  /** The current or next occurrence's start (ISO), null when the event has none. */
  startTime: string | null;
  /** The event's IANA time zone, null when the event has no schedule. */
  timeZone: string | null;
  /** How many watch, where the owner shows it; null otherwise. */
  viewers: number | null;
}

/** The fields the poll asks for. */
export const LIVE_POLL_FIELDS = 'live.status,live.recurring_event.schedule,live.concurrent_viewers';

export type LivePollAnswer =
  { kind: 'gone' } | { kind: 'live'; live: LiveSnapshot } | { kind: 'ignored' };

interface PolledVideo {
  error_code?: unknown;
  live?: {
    status?: unknown;
    concurrent_viewers?: unknown;
    recurring_event?: { schedule?: { start_time?: unknown; time_zone?: unknown } | null } | null;
  } | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** An answer's live.concurrent_viewers: a count, or null where the owner keeps it. */
export function viewersOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The answer of one poll, from the HTTP status and the parsed body (null when it was not JSON). */
export function readLivePollAnswer(httpStatus: number, body: unknown): LivePollAnswer {
  const video = (typeof body === 'object' && body !== null ? body : {}) as PolledVideo;
  if (video.error_code === EVENT_GONE_ERROR) return { kind: 'gone' };
  if (httpStatus < 200 || httpStatus >= 300) return { kind: 'ignored' };
  const status = text(video.live?.status);
  if (!status) return { kind: 'ignored' };
  const schedule = video.live?.recurring_event?.schedule ?? null;
  return {
    kind: 'live',
    live: {
      status,
      startTime: text(schedule?.start_time),
      timeZone: text(schedule?.time_zone),
      viewers: viewersOf(video.live?.concurrent_viewers),
    },
  };
}

/** The page reloads when the event left the showcase, or its broadcast ended while watched. */
export function reloadsPage(previousStatus: string, answer: LivePollAnswer): boolean {
  if (answer.kind === 'gone') return true;
  return answer.kind === 'live' && previousStatus === 'streaming' && answer.live.status === 'done';
}
