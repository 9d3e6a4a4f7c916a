/**
 * Live events and pictures as the API answers them, read through the showcase query against
 * a real database (PGlite in a temporary folder, or the PostgreSQL of DATABASE_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('represent');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { findShowcaseVideo } = await import('./showcaseQueries.ts');
const { videoJson } = await import('./represent.ts');

const HOUR = 60 * 60 * 1000;
let showcaseId = 0;
let broadcastStart: Date;
const ids = new Map<string, number>();

async function addEvent(
  name: string,
  live: Omit<typeof schema.liveEvents.$inferInsert, 'videoId'>,
) {
  const db = await getDb();
  const [owner] = await db.select().from(schema.users).limit(1);
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name, type: 'live' })
    .returning();
  await db.insert(schema.liveEvents).values({ videoId: video!.id, ...live });
  await db
    .insert(schema.showcaseVideos)
    .values({ showcaseId, videoId: video!.id, position: ids.size + 1 });
  ids.set(name, video!.id);
  return video!.id;
}

async function json(name: string, sharedMedia = true) {
  const item = await findShowcaseVideo(await getDb(), showcaseId, ids.get(name)!);
  return videoJson(item!, showcaseId, null, sharedMedia);
}

async function addVideo(name: string, facts: Partial<typeof schema.videos.$inferInsert> = {}) {
  const db = await getDb();
  const [owner] = await db.select().from(schema.users).limit(1);
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name, ...facts })
    .returning();
  const id = video!.id;
  await db.insert(schema.videoPictures).values(
    [640, 960].map((width) => ({
      videoId: id,
      width,
      height: (width * 9) / 16,
      storageKey: `videos/${id}/pictures/a1-${width}.jpg`,
    })),
  );
  await db
    .insert(schema.showcaseVideos)
    .values({ showcaseId, videoId: id, position: ids.size + 1 });
  ids.set(name, id);
}

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'o@example.test', name: 'Owner' })
    .returning();
  const [showcase] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Live', layout: 'live' })
    .returning();
  showcaseId = showcase!.id;
  const [room] = await db.insert(schema.chatRooms).values({}).returning();

  // A daily event that went on the air early: it started when its broadcast did.
  const onAir = await addEvent('on the air', {
    status: 'streaming',
    startTime: new Date(Date.now() + HOUR),
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
    chatRoomId: room!.id,
  });
  // An earlier broadcast of the same event, ended: the live one is the one to play.
  await db.insert(schema.liveBroadcasts).values({
    eventVideoId: onAir,
    status: 'ended',
    startedAt: new Date(Date.now() - 2 * HOUR),
    endedAt: new Date(Date.now() - 90 * 60 * 1000),
  });
  const [broadcast] = await db
    .insert(schema.liveBroadcasts)
    .values({ eventVideoId: onAir, status: 'live', startedAt: new Date(Date.now() - HOUR) })
    .returning();
  ids.set('broadcast', broadcast!.id);
  broadcastStart = broadcast!.startedAt;

  await addEvent('weekly', {
    status: 'pending',
    startTime: new Date('2026-04-02T16:00:00Z'),
    rrule: 'FREQ=WEEKLY;BYDAY=TH',
    timeZone: 'Europe/Berlin',
  });
  await addEvent('no date yet', { status: 'unavailable' });
  const over = await addEvent('over', {
    status: 'done',
    startTime: new Date('2026-01-10T18:00:00Z'),
    archivedTime: new Date('2026-01-10T20:00:00Z'),
  });
  // It went on the air three minutes late; its earlier, rehearsal broadcast is not the one it streamed.
  await db.insert(schema.liveBroadcasts).values([
    {
      eventVideoId: over,
      status: 'archived',
      startedAt: new Date('2026-01-10T17:00:00Z'),
      endedAt: new Date('2026-01-10T17:10:00Z'),
    },
    {
      eventVideoId: over,
      status: 'archived',
      startedAt: new Date('2026-01-10T18:03:00Z'),
      endedAt: new Date('2026-01-10T19:41:00Z'),
    },
  ]);
  await db.insert(schema.videoFiles).values({
    videoId: over,
    quality: 'hd',
    mime: 'video/mp4',
    width: 1280,
    height: 720,
    size: 1000,
    storageKey: `videos/${over}/hd.mp4`,
  });

  await addVideo('public');
  await addVideo('unlisted', { privacyView: 'unlisted' });
  await addVideo('mature', { contentRating: 'explicit' });
  await addVideo('stock clip', { privacyView: 'stock', type: 'stock' });
});

describe('a streaming event', () => {
  it('plays the live HLS of its broadcast on the air, and no file', async () => {
    const video = await json('on the air');
    expect(video.play.progressive).toEqual([]);
    expect(video.play.hls?.link).toMatch(
      new RegExp(
        `^/media/p/\\d+/[^/]+/live/${ids.get('on the air')}/${ids.get('broadcast')}/master\\.m3u8$`,
      ),
    );
    expect(video.live).toMatchObject({
      status: 'streaming',
      start_time: broadcastStart.toISOString(),
      archived_time: null,
      recurring_event: {
        schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', time_zone: 'UTC' },
      },
    });
    expect(video.pictures.sizes).toEqual([
      {
        width: 640,
        height: 360,
        link: expect.stringMatching(
          new RegExp(`/live/${ids.get('on the air')}/${ids.get('broadcast')}/poster\\.jpg`),
        ),
      },
    ]);
    expect(video.live?.chat.room_id).toEqual(expect.any(Number));
  });
});

describe('a recurring event', () => {
  it('gives its rule, zone and next occurrence', async () => {
    const video = await json('weekly');
    expect(video.live?.start_time).toBe('2026-04-02T16:00:00.000Z');
    expect(video.live?.recurring_event?.schedule.rrule).toBe('FREQ=WEEKLY;BYDAY=TH');
    expect(video.live?.recurring_event?.schedule.time_zone).toBe('Europe/Berlin');
    // Every Thursday at 18:00 in Berlin, in summer or in winter.
    const next = new Date(video.live!.recurring_event!.schedule.start_time);
    expect(next.getTime()).toBeGreaterThan(Date.now() - 2 * HOUR);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Thursday 18:00');
  });
});

describe('an event without a start time', () => {
  it('has no schedule', async () => {
    expect((await json('no date yet')).live).toEqual({
      status: 'unavailable',
      start_time: null,
      ended_time: null,
      archived_time: null,
      save_replay: true,
      chat: { room_id: null },
      recurring_event: null,
      concurrent_viewers: null,
    });
  });
});

describe('an event that is over', () => {
  it('plays its replay like any video, says when its last broadcast ran and when it became watchable', async () => {
    const video = await json('over');
    expect(video.play.progressive.map((file) => file.height)).toEqual([720]);
    expect(video.live).toMatchObject({
      status: 'done',
      start_time: '2026-01-10T18:03:00.000Z',
      ended_time: '2026-01-10T19:41:00.000Z',
      archived_time: '2026-01-10T20:00:00.000Z',
    });
  });
});

describe('pictures', () => {
  const stable = (id: number, width: number) =>
    expect.stringMatching(new RegExp(`^/thumbnails/${id}-[A-Za-z0-9_-]{16}-${width}\\.jpg$`));
  const signed = (id: number, width: number) =>
    expect.stringMatching(
      new RegExp(`^/media/videos/${id}/pictures/a1-${width}\\.jpg\\?exp=\\d+&sig=`),
    );

  it('of a public video in a public showcase are at stable addresses, the same on every render', async () => {
    const id = ids.get('public')!;
    const { pictures } = await json('public');
    expect(pictures.sizes).toEqual([
      { width: 640, height: 360, link: stable(id, 640) },
      { width: 960, height: 540, link: stable(id, 960) },
    ]);
    expect((await json('public')).pictures).toEqual(pictures);
  });

  it('of a video a stranger may not watch, or of one shown where strangers may not look, are signed', async () => {
    expect((await json('public', false)).pictures.sizes.map((s) => s.link)).toEqual([
      signed(ids.get('public')!, 640),
      signed(ids.get('public')!, 960),
    ]);
    expect((await json('unlisted')).pictures.sizes.map((s) => s.link)).toEqual([
      signed(ids.get('unlisted')!, 640),
      signed(ids.get('unlisted')!, 960),
    ]);
    expect((await json('mature')).pictures.sizes.map((s) => s.link)).toEqual([
      signed(ids.get('mature')!, 640),
      signed(ids.get('mature')!, 960),
    ]);
  });

  it('of a stock clip on sale are at stable addresses wherever it is shown: anybody may browse the catalogue', async () => {
    const id = ids.get('stock clip')!;
    expect((await json('stock clip', false)).pictures.sizes.map((s) => s.link)).toEqual([
      stable(id, 640),
      stable(id, 960),
    ]);
  });
});
