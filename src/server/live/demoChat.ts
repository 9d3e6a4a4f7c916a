/**
 * The demo's host in the chat of the event the demo feed streams: while it is on the air, a
 * line from DEMO_CHAT_SPEAKER every 20 to 40 s (src/lib/demoChatCue.ts), stored and sent to
 * every reader like any message. It is the host's own voice, so neither a viewer's rate limit
 * nor their access applies; a chat a moderator closed stays quiet. It starts and stops with
 * the demo feed, so only the node running the feed speaks.
 */
import { and, eq } from 'drizzle-orm';
import { nextDemoChatGapMs, nextDemoChatLine, type Random } from '../../lib/demoChatCue.ts';
import { sayInRoom } from '../chat/chatService.ts';
import { chatRoleOf, findChatRoom } from '../chat/chatStore.ts';
import type { Db } from '../db/client.ts';
import { liveEvents, users, videos } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { DEMO_ACCOUNTS, DEMO_CHAT_SPEAKER, DEMO_VIDEOS } from '../seed/demoCatalogue.ts';
import { DEMO_FEED_VIDEO } from './demoFeed.ts';

/** The room of the demo feed's event and the account that speaks in it, when both are there. */
async function demoChatCast(db: Db): Promise<{ roomId: number; speakerId: number } | null> {
  const name = DEMO_VIDEOS.find((video) => video.key === DEMO_FEED_VIDEO)?.name;
  const email = DEMO_ACCOUNTS.find((account) => account.key === DEMO_CHAT_SPEAKER.author)?.email;
  if (!name || !email) return null;
  const [event] = await db
    .select({ roomId: liveEvents.chatRoomId })
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(and(eq(videos.name, name), eq(videos.type, 'live')))
    .limit(1);
  const [speaker] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return event?.roomId && speaker ? { roomId: event.roomId, speakerId: speaker.id } : null;
}

/** Calls `run` once after `ms`; the answer cancels it. */
type DemoChatTimer = (run: () => void, ms: number) => () => void;

const realTimer: DemoChatTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface DemoChatOptions {
  /** Draws the gaps and the lines; Math.random by default. */
  random?: Random;
  /** Waits out the gaps; real time by default. */
  timer?: DemoChatTimer;
}

/** Starts the host's lines when the demo event and its host are there; the answer stops them. */
export async function startDemoChat(
  db: Db,
  { random = Math.random, timer = realTimer }: DemoChatOptions = {},
): Promise<() => Promise<void>> {
  const cast = await demoChatCast(db);
  if (!cast) return async () => {};
  const { lines } = DEMO_CHAT_SPEAKER;
  let previous: number | null = null;
  let stopped = false;
  let cancel = () => {};
  let speaking: Promise<void> | null = null;

  const speak = async () => {
    const room = await findChatRoom(db, cast.roomId);
    if (!room || room.event.status !== 'streaming' || !room.status.chatEnabled) return;
    previous = nextDemoChatLine(lines.length, previous, random);
    const role = await chatRoleOf(db, cast.speakerId, room.event.ownerId);
    await sayInRoom(db, room, { userId: cast.speakerId, role, body: lines[previous]! });
  };
  const next = () => {
    cancel = timer(() => {
      speaking = speak()
        .catch((err: unknown) =>
          logger.warn({ err, roomId: cast.roomId }, 'demo chat: the host could not speak'),
        )
        .finally(() => {
          speaking = null;
          if (!stopped) next();
        });
    }, nextDemoChatGapMs(random));
  };
  next();

  return async () => {
    stopped = true;
    cancel();
    await speaking;
  };
}
