/**
 * Live chat storage against a real database: messages carry the broadcast and the offset they
 * were said at, a reader resuming after a drop gets exactly what it missed, deletions stay out
 * of every list, a replay plays back in the order things were said, and each video finds its chat.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('chatstore');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const store = await import('./chatStore.ts');

const db = await getDb();

async function addUser(name: string): Promise<number> {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `${name}@example.test`, name })
    .returning();
  return user!.id;
}

const ownerId = await addUser('Olivia');
const adminId = await addUser('Ada');
const viewerId = await addUser('Victor');
const [team] = await db.insert(schema.teams).values({ ownerId, name: 'Studio' }).returning();
await db
  .insert(schema.teamMemberships)
  .values({ teamId: team!.id, userId: adminId, role: 'Admin' });

const [event] = await db
  .insert(schema.videos)
  .values({ ownerId, name: 'Launch day', type: 'live' })
  .returning();
const [room] = await db.insert(schema.chatRooms).values({}).returning();
await db
  .insert(schema.liveEvents)
  .values({ videoId: event!.id, status: 'streaming', chatRoomId: room!.id });
const chatRoom = (await store.findChatRoom(db, room!.id))!;

const startedAt = new Date('2026-11-23T18:00:00Z');
const [broadcast] = await db
  .insert(schema.liveBroadcasts)
  .values({ eventVideoId: event!.id, startedAt, status: 'live' })
  .returning();

const say = (userId: number, body: string, at: Date, role: 'Owner' | 'Admin' | null = null) =>
  store.insertChatMessage(db, { room: chatRoom, userId, role, body, now: at });
const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);

describe('chat messages', () => {
  it('finds the room of an event with its owner and settings', () => {
    expect(chatRoom).toEqual({
      id: room!.id,
      status: { chatEnabled: true, audience: 'everyone' },
      event: { videoId: event!.id, ownerId, name: 'Launch day', status: 'streaming' },
    });
  });

  it('stamps a message with the broadcast on the air and its offset into it', async () => {
    const message = await say(viewerId, 'Hello from Lisbon', at(95.5));
    expect(message).toMatchObject({
      room_id: room!.id,
      body: 'Hello from Lisbon',
      offset_ms: 95_500,
      author: { id: viewerId, name: 'Victor', badge: null },
    });
    const [stored] = await db
      .select()
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.id, message.id));
    expect(stored).toMatchObject({
      userId: viewerId,
      broadcastId: broadcast!.id,
      offsetMs: 95_500,
    });
  });

  it('badges the owner and team Admins in every list', async () => {
    await say(ownerId, 'Welcome everyone', at(100));
    await say(adminId, 'Questions at the end, please', at(110));
    const latest = await store.listChatMessages(db, chatRoom, { limit: 3 });
    expect(latest.map((m) => [m.author.name, m.author.badge])).toEqual([
      ['Victor', null],
      ['Olivia', 'owner'],
      ['Ada', 'admin'],
    ]);
  });

  it('gives a reader coming back exactly the messages after the last one it saw', async () => {
    const before = await store.listChatMessages(db, chatRoom, { limit: 50 });
    const lastSeen = before.at(-1)!.id;
    const missed = [
      await say(viewerId, 'Sound is great', at(120)),
      await say(viewerId, 'Can you zoom in?', at(125)),
    ];
    expect(await store.listChatMessages(db, chatRoom, { afterId: lastSeen, limit: 500 })).toEqual(
      missed,
    );
    expect(
      await store.listChatMessages(db, chatRoom, { afterId: missed[1]!.id, limit: 500 }),
    ).toEqual([]);
  });

  it('keeps a deleted message out of every list and names it to resuming readers', async () => {
    const rude = await say(viewerId, 'Spam spam spam', at(130));
    expect(await store.deleteChatMessage(db, room!.id, rude.id, ownerId)).toBe(true);
    expect(await store.deleteChatMessage(db, room!.id, rude.id, ownerId)).toBe(false);
    const all = await store.listChatMessages(db, chatRoom, { limit: 200 });
    expect(all.map((m) => m.id)).not.toContain(rude.id);
    expect(await store.recentlyDeletedIds(db, room!.id, 200)).toEqual([rude.id]);
    expect(await store.replayChatMessages(db, chatRoom, broadcast!.id)).not.toContainEqual(
      expect.objectContaining({ id: rude.id }),
    );
  });

  it('mutes and unmutes a viewer in this room only', async () => {
    await store.setMuted(db, room!.id, viewerId, true, ownerId);
    await store.setMuted(db, room!.id, viewerId, true, ownerId);
    expect(await store.isMuted(db, room!.id, viewerId)).toBe(true);
    await store.setMuted(db, room!.id, viewerId, false, ownerId);
    expect(await store.isMuted(db, room!.id, viewerId)).toBe(false);
  });

  it('switches the room off and to members only', async () => {
    expect(await store.updateChatStatus(db, room!.id, { chatEnabled: false })).toEqual({
      chatEnabled: false,
      audience: 'everyone',
    });
    expect(
      await store.updateChatStatus(db, room!.id, { chatEnabled: true, audience: 'members' }),
    ).toEqual({ chatEnabled: true, audience: 'members' });
    expect(await store.chatStatus(db, room!.id)).toEqual({
      chatEnabled: true,
      audience: 'members',
    });
    expect(await store.chatStatus(db, 999_999)).toBeNull();
  });

  it("plays a broadcast's chat back in the order it was said, off-air messages left out", async () => {
    await db
      .update(schema.liveBroadcasts)
      .set({ status: 'ended', endedAt: at(600) })
      .where(eq(schema.liveBroadcasts.id, broadcast!.id));
    const afterShow = await say(viewerId, 'Thanks, that was great', at(700));
    expect(afterShow.offset_ms).toBeNull();
    const replay = await store.replayChatMessages(db, chatRoom, broadcast!.id);
    expect(replay.map((m) => [m.offset_ms, m.body])).toEqual([
      [95_500, 'Hello from Lisbon'],
      [100_000, 'Welcome everyone'],
      [110_000, 'Questions at the end, please'],
      [120_000, 'Sound is great'],
      [125_000, 'Can you zoom in?'],
    ]);
  });

  it('finds the chat of an event, of its replay, and of a one-off event that became its own replay', async () => {
    const [replayVideo] = await db
      .insert(schema.videos)
      .values({ ownerId, name: 'Launch day (replay)' })
      .returning();
    const [plain] = await db.insert(schema.videos).values({ ownerId, name: 'Reel' }).returning();
    expect(await store.chatOfVideo(db, event!.id)).toEqual({ roomId: room!.id, mode: 'live' });
    await db
      .update(schema.liveBroadcasts)
      .set({ replayVideoId: replayVideo!.id })
      .where(eq(schema.liveBroadcasts.id, broadcast!.id));
    expect(await store.chatOfVideo(db, replayVideo!.id)).toEqual({
      roomId: room!.id,
      mode: 'replay',
    });
    expect(await store.replayBroadcastOf(db, event!.id, replayVideo!.id)).toBe(broadcast!.id);
    expect(await store.chatOfVideo(db, plain!.id)).toBeNull();

    const [oneOff] = await db
      .insert(schema.videos)
      .values({ ownerId, name: 'Keynote', type: 'live' })
      .returning();
    const [keynoteRoom] = await db.insert(schema.chatRooms).values({}).returning();
    await db
      .insert(schema.liveEvents)
      .values({ videoId: oneOff!.id, status: 'done', chatRoomId: keynoteRoom!.id });
    await db
      .insert(schema.liveBroadcasts)
      .values({ eventVideoId: oneOff!.id, status: 'ended', replayVideoId: oneOff!.id });
    expect(await store.chatOfVideo(db, oneOff!.id)).toEqual({
      roomId: keynoteRoom!.id,
      mode: 'replay',
    });
  });
});
