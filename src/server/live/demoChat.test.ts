/**
 * The demo host's lines in the chat of the streaming demo event, against a real database:
 * said now and then while the event is on the air, like any message, and not once stopped.
 * The gaps pass on a timer the test fires; the bus (PostgreSQL's on that run) keeps real time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../lib/chatWire.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

delete process.env['REDIS_URL'];
await useTestDatabase('demochat');

const { eq } = await import('drizzle-orm');
const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { chatBus } = await import('../chat/chatBus.ts');
const { DEMO_ACCOUNTS, DEMO_CHAT_SPEAKER, DEMO_VIDEOS } = await import('../seed/demoCatalogue.ts');
const { DEMO_FEED_VIDEO } = await import('./demoFeed.ts');
const { startDemoChat } = await import('./demoChat.ts');

const db = await getDb();
const host = DEMO_ACCOUNTS.find((account) => account.key === DEMO_CHAT_SPEAKER.author)!;
const [owner] = await db
  .insert(schema.users)
  .values({ email: host.email, name: host.name })
  .returning();
const [video] = await db
  .insert(schema.videos)
  .values({
    ownerId: owner!.id,
    name: DEMO_VIDEOS.find((v) => v.key === DEMO_FEED_VIDEO)!.name,
    type: 'live',
  })
  .returning();
const [room] = await db.insert(schema.chatRooms).values({}).returning();
await db
  .insert(schema.liveEvents)
  .values({ videoId: video!.id, status: 'streaming', chatRoomId: room!.id });

const heard: ChatEvent[] = [];
chatBus().subscribe((event) => heard.push(event));
await chatBus().ready();

/** The next message the bus carries. */
function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const leave = chatBus().subscribe((event) => {
      if (event.type !== 'message') return;
      leave();
      resolve();
    });
  });
}

/** A timer the test fires by hand: the gaps the host drew, and what runs at their end. */
function manualTimer() {
  const pending: Array<{ run: () => void; ms: number }> = [];
  return {
    timer: (run: () => void, ms: number) => {
      const entry = { run, ms };
      pending.push(entry);
      return () => {
        const index = pending.indexOf(entry);
        if (index >= 0) pending.splice(index, 1);
      };
    },
    /** Ends the gap now waiting; false when none is. */
    fire(): boolean {
      const entry = pending.shift();
      entry?.run();
      return entry !== undefined;
    },
    gaps: () => pending.map((entry) => entry.ms),
  };
}

/** `gaps` gaps ended one after the other: the host says one line at the end of each. */
async function linesOver(gaps: number): Promise<string[]> {
  heard.length = 0;
  const clock = manualTimer();
  const stop = await startDemoChat(db, { random: () => 0.999_999, timer: clock.timer });
  for (let i = 0; i < gaps; i++) {
    await expect.poll(() => clock.gaps().length).toBe(1);
    const said = nextMessage();
    clock.fire();
    await said;
  }
  await stop();
  return heard.flatMap((event) => (event.type === 'message' ? [event.message.body] : []));
}

async function onTheAirWithChatOpen() {
  await db
    .update(schema.liveEvents)
    .set({ status: 'streaming' })
    .where(eq(schema.liveEvents.videoId, video!.id));
  await db
    .update(schema.chatRooms)
    .set({ chatEnabled: true })
    .where(eq(schema.chatRooms.id, room!.id));
}

afterEach(onTheAirWithChatOpen);

describe('the demo host in the streaming event’s chat', () => {
  it('says a different line each time, stored and sent to readers as the event’s owner', async () => {
    const said = await linesOver(3);
    expect(said).toHaveLength(3);
    for (const body of said) expect(DEMO_CHAT_SPEAKER.lines).toContain(body);
    expect(said[1]).not.toBe(said[0]);
    expect(said[2]).not.toBe(said[1]);
    const message = heard.find((event) => event.type === 'message')!;
    expect(message).toMatchObject({
      roomId: room!.id,
      message: { author: { id: owner!.id, name: host.name, badge: 'owner' } },
    });
    const stored = await db
      .select({ body: schema.chatMessages.body })
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.roomId, room!.id));
    expect(stored.map((row) => row.body).slice(-3)).toEqual(said);
  });

  it('is silent once stopped', async () => {
    heard.length = 0;
    const clock = manualTimer();
    const stop = await startDemoChat(db, { timer: clock.timer });
    await stop();
    expect(clock.fire()).toBe(false);
    expect(heard).toEqual([]);
  });

  it('keeps quiet while a moderator has closed the chat, or the event is off the air', async () => {
    for (const quiet of [
      () =>
        db
          .update(schema.chatRooms)
          .set({ chatEnabled: false })
          .where(eq(schema.chatRooms.id, room!.id)),
      () =>
        db
          .update(schema.liveEvents)
          .set({ status: 'ready' })
          .where(eq(schema.liveEvents.videoId, video!.id)),
    ]) {
      await quiet();
      const count = async () =>
        (await db.select({ id: schema.chatMessages.id }).from(schema.chatMessages)).length;
      const before = await count();
      const clock = manualTimer();
      const stop = await startDemoChat(db, { timer: clock.timer });
      for (let i = 0; i < 3; i++) {
        await expect.poll(() => clock.gaps().length).toBe(1);
        clock.fire();
      }
      await expect.poll(() => clock.gaps().length).toBe(1);
      await stop();
      expect(await count()).toBe(before);
      await onTheAirWithChatOpen();
    }
  });
});
