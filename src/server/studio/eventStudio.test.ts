import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('event-studio');
const { getDb } = await import('../db/client.ts');
const { liveBroadcasts, liveEvents, showcases, showcaseVideos, users, videos } =
  await import('../db/schema.ts');
const { heartbeat } = await import('../live/liveEventStore.ts');
const studio = await import('./eventStudio.ts');
const showcaseStudio = await import('./showcaseStudio.ts');
const { eq } = await import('drizzle-orm');

const db = await getDb();
const [owner] = await db
  .insert(users)
  .values({ email: 'live@example.test', name: 'Live Owner' })
  .returning();
const [showcase] = await db
  .insert(showcases)
  .values({ ownerId: owner!.id, name: 'Live', layout: 'live' })
  .returning();
const account = { ownerId: owner!.id, userId: owner!.id };
const now = new Date('2026-11-24T12:00:00Z');
const weekly = {
  name: 'Studio hour',
  description: '',
  showcaseId: showcase!.id,
  startTime: new Date('2026-12-10T17:00:00Z'),
  rrule: 'FREQ=WEEKLY;BYDAY=TH',
  timeZone: 'Europe/Berlin',
  saveReplay: true,
  showViewers: false,
};

describe('event studio', () => {
  it('creates an event with a stream key, a chat room and a place in its showcase', async () => {
    const videoId = await studio.createEvent(db, account, weekly, now);
    const event = await studio.findStudioEvent(db, owner!.id, videoId);
    expect(event).toMatchObject({
      name: 'Studio hour',
      status: 'pending',
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      timeZone: 'Europe/Berlin',
      showcaseId: showcase!.id,
    });
    expect(event!.streamKey).toMatch(/^[\w-]{32}$/);
    expect(event!.startTime).toEqual(new Date('2026-12-10T17:00:00Z'));
    const [row] = await db.select().from(liveEvents).where(eq(liveEvents.videoId, videoId));
    expect(row!.chatRoomId).not.toBeNull();
    expect(
      await db.select().from(showcaseVideos).where(eq(showcaseVideos.videoId, videoId)),
    ).toHaveLength(1);
    expect((await studio.listStudioEvents(db, owner!.id)).map((e) => e.videoId)).toContain(videoId);
  });

  it('saves a new schedule, and an event about to start turns pending', async () => {
    const videoId = await studio.createEvent(db, account, weekly, now);
    const event = (await studio.findStudioEvent(db, owner!.id, videoId))!;
    await studio.updateEvent(
      db,
      event,
      {
        ...weekly,
        name: 'Studio hour (new time)',
        startTime: new Date('2026-11-24T13:00:00Z'),
        rrule: null,
      },
      now,
    );
    expect(await studio.findStudioEvent(db, owner!.id, videoId)).toMatchObject({
      name: 'Studio hour (new time)',
      rrule: null,
      status: 'pending',
    });
  });

  it('joins the end of its showcase’s arranged order, and moves to the end of another', async () => {
    const arranged = await showcaseStudio.createShowcase(db, owner!.id, 'Arranged');
    const other = await showcaseStudio.createShowcase(db, owner!.id, 'Other');
    const clips = await db
      .insert(videos)
      .values(['First', 'Second'].map((name) => ({ ownerId: owner!.id, name, status: 'ready' })))
      .returning({ id: videos.id });
    const [first, second] = clips.map((clip) => clip.id);
    for (const albumId of [arranged, other])
      await showcaseStudio.addShowcaseVideos(db, owner!.id, albumId, [first!, second!]);
    await showcaseStudio.moveShowcaseVideo(db, arranged, second!, 'top');
    const order = async (albumId: number) =>
      (await showcaseStudio.listStudioShowcaseVideos(db, albumId)).map((video) => video.name);

    const videoId = await studio.createEvent(db, account, { ...weekly, showcaseId: arranged }, now);
    expect(await order(arranged)).toEqual(['Second', 'First', 'Studio hour']);

    // Where the owner arranges it, it stays while the event keeps its showcase.
    await showcaseStudio.moveShowcaseVideo(db, arranged, videoId, 'top');
    const event = (await studio.findStudioEvent(db, owner!.id, videoId))!;
    await studio.updateEvent(db, event, { ...weekly, showcaseId: arranged }, now);
    expect(await order(arranged)).toEqual(['Studio hour', 'Second', 'First']);

    await studio.updateEvent(db, event, { ...weekly, showcaseId: other }, now);
    expect(await order(other)).toEqual(['First', 'Second', 'Studio hour']);
    expect(await order(arranged)).toEqual(['Second', 'First']);
    expect((await studio.findStudioEvent(db, owner!.id, videoId))!.showcaseId).toBe(other);
  });

  it('ends a broadcast on the air: the node holding it learns so on its next heartbeat', async () => {
    const videoId = await studio.createEvent(db, account, weekly, now);
    const [broadcast] = await db
      .insert(liveBroadcasts)
      .values({ eventVideoId: videoId })
      .returning();
    expect(await studio.endRunningEvent(db, videoId)).toBe(false);
    await db
      .update(liveEvents)
      .set({ status: 'streaming', ingestNode: 'node-a' })
      .where(eq(liveEvents.videoId, videoId));
    expect(await heartbeat(db, videoId, broadcast!.id, 'node-a', 3)).toBe(true);
    expect(await studio.endRunningEvent(db, videoId)).toBe(true);
    expect(await heartbeat(db, videoId, broadcast!.id, 'node-a', 4)).toBe(false);
  });
});
