/**
 * The live side of a demo video (demoCatalogue.ts DemoLive) as it is seeded: start time and
 * status as the schedule tick would keep them, a stream key for every event that may still go
 * on the air, a finished event's replay time, and when each message of its chat was said.
 */
import type { LiveStatus } from '../../lib/domain.ts';
import { instantOfLocalTime, nextOccurrence } from '../../lib/liveSchedule.ts';
import { scheduledStatus } from '../../lib/liveStatus.ts';
import { newStreamKey } from '../live/streamKeys.ts';
import type { DemoChatMessage, DemoLive } from './demoCatalogue.ts';

const MINUTE = 60 * 1000;

export interface DemoLiveEvent {
  status: LiveStatus;
  startTime: Date | null;
  rrule: string | null;
  timeZone: string;
  archivedTime: Date | null;
  streamKey: string | null;
  saveReplay: boolean;
}

const EVERY_DAY = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU';

/** `durationSeconds`: a finished event's recording, which became its replay when it ended. */
export function demoLiveEvent(live: DemoLive, durationSeconds: number, now: Date): DemoLiveEvent {
  const saveReplay = live.saveReplay ?? true;
  if ('rrule' in live) {
    const startTime = nextOccurrence(
      {
        startTime: instantOfLocalTime(live.firstStart, live.timeZone),
        rrule: live.rrule,
        timeZone: live.timeZone,
      },
      now,
    );
    return {
      status: scheduledStatus(startTime, now),
      startTime,
      rrule: live.rrule,
      timeZone: live.timeZone,
      archivedTime: null,
      streamKey: newStreamKey(),
      saveReplay,
    };
  }
  const startTime = new Date(now.getTime() + live.startsInMinutes * MINUTE);
  if (live.ended) {
    return {
      status: 'done',
      startTime,
      rrule: null,
      timeZone: 'UTC',
      archivedTime: new Date(startTime.getTime() + durationSeconds * 1000),
      streamKey: null,
      saveReplay,
    };
  }
  return {
    status: scheduledStatus(startTime, now),
    startTime,
    rrule: live.daily ? EVERY_DAY : null,
    timeZone: 'UTC',
    archivedTime: null,
    streamKey: newStreamKey(),
    saveReplay,
  };
}

export interface DemoChatRow {
  author: string;
  body: string;
  createdAt: Date;
  /** Into the event's broadcast, where its replay plays the message back; null when said off the air. */
  offsetMs: number | null;
}

/** When each message of a demo event's chat was said: before the seed, or into the broadcast of a finished event. */
export function demoChatRows(
  messages: readonly DemoChatMessage[],
  event: DemoLiveEvent,
  durationSeconds: number,
  now: Date,
): DemoChatRow[] {
  return messages.map(({ author, body, ...when }) => {
    if ('minutesAgo' in when)
      return {
        author,
        body,
        createdAt: new Date(now.getTime() - when.minutesAgo * MINUTE),
        offsetMs: null,
      };
    if (event.status !== 'done' || !event.startTime)
      throw new Error(`"${body}" is placed in a broadcast, but its event has none`);
    const offsetMs = Math.round(when.at * durationSeconds * 1000);
    return { author, body, createdAt: new Date(event.startTime.getTime() + offsetMs), offsetMs };
  });
}
