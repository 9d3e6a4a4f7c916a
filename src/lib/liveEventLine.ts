/**
 * The line under a live event's title that says where it stands in time (SPEC §4 live status):
 * when it starts, when it started, that its replay is still being made once the broadcast is
 * over, and, once the replay plays, when the broadcast really ran (its own start and end, not
 * the schedule's). 'Streamed' waits for the replay: until then there is nothing to watch. An
 * event that records nothing says when it streamed as soon as it is over: no replay will come.
 */

export interface LiveEventTimes {
  status: string;
  /** The current or next start; for an event on the air or over, when its broadcast began. */
  start_time: string | null;
  /** When its last broadcast ended. */
  ended_time: string | null;
  /** When its replay became watchable. */
  archived_time: string | null;
  /** Whether its broadcast becomes a replay. */
  save_replay: boolean;
}

export type LiveEventLine =
  | { kind: 'startsAt'; start: string }
  | { kind: 'notScheduled' }
  | { kind: 'startedAt'; start: string }
  | { kind: 'replayProcessing' }
  | { kind: 'streamed'; start: string; end: string | null };

export function liveEventLine(live: LiveEventTimes): LiveEventLine | null {
  const { status, start_time: start } = live;
  if (status === 'streaming') return start ? { kind: 'startedAt', start } : null;
  if (status !== 'done') return start ? { kind: 'startsAt', start } : { kind: 'notScheduled' };
  if (live.archived_time === null && live.save_replay) return { kind: 'replayProcessing' };
  return start ? { kind: 'streamed', start, end: live.ended_time } : null;
}
