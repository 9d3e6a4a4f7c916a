/**
 * Live chat as viewers and moderators meet it, against a real database: reading follows the
 * showcase's access, posting is checked, limited and stored, and moderation is for the owner
 * and team Admins only. Events travel the bus the run configures (in-process, or PostgreSQL's).
 */
import { describe, expect, it } from 'vitest';
import { carriedQuery } from '../../lib/carriedQuery.ts';
import { CONTENT_RATINGS } from '../../lib/domain.ts';
import type { ChatEvent } from '../../lib/chatWire.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

delete process.env['REDIS_URL'];
await useTestDatabase('chatservice');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { decideChatAccess } = await import('./chatAccess.ts');
const service = await import('./chatService.ts');
const { chatBus } = await import('./chatBus.ts');
const { passwordProof } = await import('../access/passwordProof.ts');
const { hashPassword } = await import('../auth/passwords.ts');

const db = await getDb();

async function addUser(name: string): Promise<number> {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `${name.toLowerCase()}@example.test`, name })
    .returning();
  return user!.id;
}

const ownerId = await addUser('Olivia');
const adminId = await addUser('Ada');
const memberId = await addUser('Mo');
const viewerId = await addUser('Victor');
const [team] = await db.insert(schema.teams).values({ ownerId, name: 'Studio' }).returning();
await db.insert(schema.teamMemberships).values([
  { teamId: team!.id, userId: adminId, role: 'Admin' },
  { teamId: team!.id, userId: memberId, role: 'Contributor' },
]);

async function liveEvent(name: string, privacyView: 'anybody' | 'password') {
  const [showcase] = await db
    .insert(schema.showcases)
    .values({
      ownerId,
      name: `${name} showcase`,
      layout: 'live',
      privacyView,
      passwordHash: privacyView === 'password' ? await hashPassword('open sesame') : null,
    })
    .returning();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId, name, type: 'live' })
    .returning();
  const [room] = await db.insert(schema.chatRooms).values({}).returning();
  await db
    .insert(schema.liveEvents)
    .values({ videoId: video!.id, status: 'streaming', chatRoomId: room!.id });
  await db
    .insert(schema.showcaseVideos)
    .values({ showcaseId: showcase!.id, videoId: video!.id, position: 0 });
  return { showcase: showcase!, videoId: video!.id, roomId: room!.id };
}

const open = await liveEvent('Launch day', 'anybody');
const secret = await liveEvent('Board meeting', 'password');

function viewer(id: number | null, proof: string | null = null) {
  return {
    access: { viewerId: id, proof, shareHash: null, embedded: false },
    carried: carriedQuery(new URLSearchParams()),
    offsite: false,
    allowedRatings: CONTENT_RATINGS,
    ofcomQualifies: false,
    ageConfirmed: false,
  };
}

async function accessOf(
  roomId: number,
  id: number | null,
  { albumId = null as number | null, proof = null as string | null } = {},
) {
  const decided = await decideChatAccess(db, {
    roomId,
    albumId,
    videoId: null,
    viewerId: id,
    viewerFor: () => viewer(id, proof),
  });
  if (!decided.ok) throw new Error(decided.refusal);
  return decided.access;
}

const heard: ChatEvent[] = [];
chatBus().subscribe((event) => heard.push(event));

describe('reading a room', () => {
  it('follows the showcase: anybody reads a public event, found without naming its showcase', async () => {
    const access = await accessOf(open.roomId, null);
    expect(access).toMatchObject({
      albumId: open.showcase.id,
      videoId: open.videoId,
      mode: 'live',
      postRefusal: 'sign_in',
      moderator: false,
    });
  });

  it("keeps a password showcase's chat from a reader without its password", async () => {
    const refused = await decideChatAccess(db, {
      roomId: secret.roomId,
      albumId: secret.showcase.id,
      videoId: null,
      viewerId,
      viewerFor: () => viewer(viewerId),
    });
    expect(refused).toEqual({ ok: false, refusal: 'no_access' });
    const proof = passwordProof(secret.showcase);
    expect(
      (await accessOf(secret.roomId, viewerId, { albumId: secret.showcase.id, proof })).postRefusal,
    ).toBeNull();
  });

  it('knows no room that does not exist, nor a video that is not its replay', async () => {
    expect(
      await decideChatAccess(db, {
        roomId: 999_999,
        albumId: null,
        videoId: null,
        viewerId,
        viewerFor: () => viewer(viewerId),
      }),
    ).toEqual({ ok: false, refusal: 'unknown_room' });
    expect(
      await decideChatAccess(db, {
        roomId: open.roomId,
        albumId: null,
        videoId: secret.videoId,
        viewerId,
        viewerFor: () => viewer(viewerId),
      }),
    ).toEqual({ ok: false, refusal: 'unknown_room' });
  });
});

describe('posting', () => {
  it('stores a message under the signed-in author and tells every reader', async () => {
    const posted = await service.postChatMessage(db, await accessOf(open.roomId, viewerId), {
      body: '  Hello from Lisbon  ',
    });
    expect(posted).toMatchObject({
      ok: true,
      value: { body: 'Hello from Lisbon', author: { id: viewerId, name: 'Victor', badge: null } },
    });
    await expect
      .poll(() => heard.some((e) => e.type === 'message' && e.message.body === 'Hello from Lisbon'))
      .toBe(true);
  });

  it('refuses a forged author, and bad text, before storing anything', async () => {
    const access = await accessOf(open.roomId, memberId);
    expect(
      await service.postChatMessage(db, access, {
        body: 'I am the owner',
        claimedAuthorId: ownerId,
      }),
    ).toEqual({ ok: false, refusal: 'forged_author' });
    expect(
      await service.postChatMessage(db, access, { body: '<script>alert(1)</script>' }),
    ).toEqual({ ok: false, refusal: 'html' });
    expect(await service.postChatMessage(db, access, { body: 'x'.repeat(501) })).toEqual({
      ok: false,
      refusal: 'too_long',
    });
  });

  it('slows a flood from one account to five messages in ten seconds', async () => {
    const access = await accessOf(open.roomId, memberId);
    const answers = [];
    for (let n = 1; n <= 6; n++)
      answers.push(await service.postChatMessage(db, access, { body: `message ${n}` }));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({
      ok: false,
      refusal: 'too_fast',
      retryAfterSeconds: expect.any(Number),
    });
  });
});

describe('moderation', () => {
  it('is refused to viewers and team members below Admin', async () => {
    const message = await service.postChatMessage(db, await accessOf(open.roomId, ownerId), {
      body: 'Welcome',
    });
    if (!message.ok) throw new Error(message.refusal);
    expect(
      await service.removeChatMessage(db, await accessOf(open.roomId, viewerId), message.value.id),
    ).toEqual({ ok: false, refusal: 'no_access' });
    expect(
      await service.muteChatUser(db, await accessOf(open.roomId, memberId), viewerId, true),
    ).toEqual({ ok: false, refusal: 'no_access' });
    expect(message.value.author.badge).toBe('owner');
  });

  it('lets an Admin delete a message for everybody and mute its author', async () => {
    const rude = await service.postChatMessage(db, await accessOf(open.roomId, viewerId), {
      body: 'Buy followers now',
    });
    if (!rude.ok) throw new Error(rude.refusal);
    const admin = await accessOf(open.roomId, adminId);
    expect(admin.moderator).toBe(true);
    expect(await service.removeChatMessage(db, admin, rude.value.id)).toEqual({
      ok: true,
      value: null,
    });
    expect(await service.muteChatUser(db, admin, viewerId, true)).toEqual({
      ok: true,
      value: null,
    });
    await expect
      .poll(() => heard.some((e) => e.type === 'deleted' && e.ids.includes(rude.value.id)))
      .toBe(true);
    await expect
      .poll(() => heard.some((e) => e.type === 'muted' && e.userId === viewerId && e.muted))
      .toBe(true);
    expect((await accessOf(open.roomId, viewerId)).postRefusal).toBe('muted');
    await service.muteChatUser(db, admin, viewerId, false);
    expect((await accessOf(open.roomId, viewerId)).postRefusal).toBeNull();
  });

  it('closes the room to everybody, or keeps it to the team', async () => {
    const owner = await accessOf(open.roomId, ownerId);
    expect(await service.changeChatStatus(db, owner, { audience: 'members' })).toEqual({
      ok: true,
      value: { chatEnabled: true, audience: 'members' },
    });
    expect((await accessOf(open.roomId, viewerId)).postRefusal).toBe('members_only');
    expect((await accessOf(open.roomId, memberId)).postRefusal).toBeNull();
    await service.changeChatStatus(db, owner, { chatEnabled: false });
    expect((await accessOf(open.roomId, memberId)).postRefusal).toBe('chat_off');
    await expect
      .poll(() => heard.some((e) => e.type === 'state' && !e.status.chatEnabled))
      .toBe(true);
  });
});
