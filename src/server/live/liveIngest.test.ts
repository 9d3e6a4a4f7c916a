/**
 * The live ingest with real parts: an RTMP listener on loopback, ffmpeg pushing the test
 * picture as an encoder would, ffmpeg packaging it, segments in media storage on disk, and the
 * event's row in a real database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('ingest');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { LocalDiskStorage, liveStorageKey } = await import('../media/storage.ts');
const { runBinary } = await import('../media/run.ts');
const { ffmpegBinaries } = await import('../media/ffmpegBinaries.ts');
const { startLiveIngest } = await import('./liveIngest.ts');
const { dbHealthStore } = await import('./streamHealthStore.ts');
const { testFeedArgs } = await import('./testFeed.ts');
const { endStaleBroadcasts, LIVE_REPLAY_JOB } = await import('./liveEventStore.ts');
const { archiveReplay } = await import('./replay.ts');

let root: string;
let ingest: Awaited<ReturnType<typeof startLiveIngest>>;
let storage: InstanceType<typeof LocalDiskStorage>;
let ffmpeg: string;
const KEY = 'test-stream-key-0123456789abcdef';

async function addEvent(
  name: string,
  values: Partial<typeof schema.liveEvents.$inferInsert>,
): Promise<number> {
  const db = await getDb();
  const [owner] = await db.select().from(schema.users).limit(1);
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name, type: 'live' })
    .returning();
  await db
    .insert(schema.liveEvents)
    .values({ videoId: video!.id, status: 'ready', startTime: new Date(), ...values });
  return video!.id;
}

async function eventRow(videoId: number) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.liveEvents)
    .where(eq(schema.liveEvents.videoId, videoId));
  return row!;
}

function push(key: string, seconds: number): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(
    ffmpeg,
    testFeedArgs({
      url: `rtmp://127.0.0.1:${ingest.port}/live/${key}`,
      width: 320,
      height: 180,
      fps: 15,
      clockText: false,
      seconds,
    }),
    { stdio: 'ignore' },
  );
  return Object.assign(child, {
    exited: new Promise<number | null>((resolve) => child.once('close', resolve)),
  });
}

async function until<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vitrine-live-'));
  storage = new LocalDiskStorage(root);
  ffmpeg = (await ffmpegBinaries()).ffmpeg;
  const db = await getDb();
  await db.insert(schema.users).values({ email: 'live@example.test', name: 'Live owner' });
  ingest = await startLiveIngest({
    db,
    storage,
    ffmpeg,
    node: 'test-node:1:a',
    graceMs: 3_000,
    maxHeight: 1080,
    health: dbHealthStore(db),
    port: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await ingest?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('live ingest', () => {
  it('refuses a key no event has, at connect', async () => {
    const pusher = push('not-a-key', 5);
    expect(await pusher.exited).not.toBe(0);
    expect(ingest.broadcasts.size).toBe(0);
  });

  it(
    'takes a push to streaming with HLS in storage, keeps it through a short drop, and ends it done with its replay queued',
    { timeout: 120_000 },
    async () => {
      const videoId = await addEvent('One-off event', { streamKey: KEY });
      const db = await getDb();
      const first = push(KEY, 8);
      const streaming = await until(
        () => eventRow(videoId),
        (row) => row.status === 'streaming',
      );
      expect(streaming.ingestNode).toBe('test-node:1:a');
      const broadcast = ingest.broadcasts.get(videoId)!;
      // Any node's studio reads the push's health from the database while it is on the air.
      const health = await until(
        () => dbHealthStore(db).read(videoId),
        (read) => read !== null && read.fps !== null,
      );
      expect(health).toMatchObject({
        broadcastId: broadcast.broadcastId,
        width: 320,
        height: 180,
        audio: true,
      });
      expect(health!.kbps).toBeGreaterThan(0);
      expect(await storage.exists(`${broadcast.prefix}/master.m3u8`)).toBe(true);
      expect(await storage.exists(`${broadcast.prefix}/180p/index.m3u8`)).toBe(true);

      const second = push(KEY, 3);
      expect(await second.exited).not.toBe(0);
      expect((await eventRow(videoId)).lastError).toBe('already_live');

      await first.exited;
      // Back within the grace: the same broadcast goes on.
      const again = push(KEY, 4);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(ingest.broadcasts.get(videoId)).toBe(broadcast);
      await again.exited;

      const done = await until(
        () => eventRow(videoId),
        (row) => row.status !== 'streaming',
      );
      expect(done.status).toBe('done');
      expect(done.ingestNode).toBeNull();
      expect(done.streamHealth).toBeNull();
      const [row] = await db
        .select()
        .from(schema.liveBroadcasts)
        .where(eq(schema.liveBroadcasts.id, broadcast.broadcastId));
      expect(row!.status).toBe('ended');
      expect(row!.recordedSegments).toBeGreaterThanOrEqual(2);
      expect(await storage.exists(`${broadcast.prefix}/recording/000000.ts`)).toBe(true);
      const jobs = await db.select().from(schema.jobs).where(eq(schema.jobs.kind, LIVE_REPLAY_JOB));
      expect(jobs.map((job) => job.payload)).toContainEqual({ broadcastId: broadcast.broadcastId });

      // The replay job makes the event its own replay, playable where it streamed.
      expect(await archiveReplay({ broadcastId: broadcast.broadcastId }, { db, storage })).toEqual({
        status: 'archived',
        videoId,
      });
      const files = await db
        .select()
        .from(schema.videoFiles)
        .where(eq(schema.videoFiles.videoId, videoId));
      expect(files.map((file) => file.quality)).toEqual(expect.arrayContaining(['source', 'hls']));
      const [video] = await db.select().from(schema.videos).where(eq(schema.videos.id, videoId));
      expect(video!.duration).toBeGreaterThanOrEqual(8);
      expect((await eventRow(videoId)).archivedTime).not.toBeNull();
      expect(await storage.exists(`${broadcast.prefix}/master.m3u8`)).toBe(false);
    },
  );

  it(
    'keeps each occurrence of a recurring event apart: its replay is a video of its own beside the event',
    { timeout: 120_000 },
    async () => {
      const db = await getDb();
      const [showcase] = await db
        .insert(schema.showcases)
        .values({
          ownerId: (await db.select().from(schema.users).limit(1))[0]!.id,
          name: 'Weekly',
          layout: 'live',
        })
        .returning();
      const key = 'weekly-key-0123456789abcdef';
      const videoId = await addEvent('Weekly hour', {
        streamKey: key,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
        timeZone: 'Europe/Paris',
      });
      await db
        .insert(schema.showcaseVideos)
        .values({ showcaseId: showcase!.id, videoId, position: 1 });
      const pusher = push(key, 5);
      await until(
        () => eventRow(videoId),
        (row) => row.status === 'streaming',
      );
      const broadcastId = ingest.broadcasts.get(videoId)!.broadcastId;
      await pusher.exited;
      const after = await until(
        () => eventRow(videoId),
        (row) => row.status !== 'streaming',
      );
      expect(['pending', 'ready']).toContain(after.status);
      expect(after.streamKey).toBe(key);

      const result = await archiveReplay({ broadcastId }, { db, storage });
      expect(result.status).toBe('archived');
      const replayId = (result as { videoId: number }).videoId;
      expect(replayId).not.toBe(videoId);
      const [replay] = await db.select().from(schema.videos).where(eq(schema.videos.id, replayId));
      expect(replay).toMatchObject({
        status: 'ready',
        name: expect.stringMatching(/^Weekly hour \(\d{4}-\d{2}-\d{2}\)$/),
      });
      const listed = await db
        .select()
        .from(schema.showcaseVideos)
        .where(eq(schema.showcaseVideos.showcaseId, showcase!.id));
      expect(listed.map((row) => row.videoId).sort()).toEqual([videoId, replayId].sort());
      expect((await eventRow(replayId)).status).toBe('done');
    },
  );

  it(
    'keeps nothing of a broadcast when the event saves no replay: no recording, and the live folder goes',
    { timeout: 60_000 },
    async () => {
      const db = await getDb();
      const key = 'no-replay-key-0123456789abcdef';
      const videoId = await addEvent('No replay', { streamKey: key, saveReplay: false });
      const pusher = push(key, 4);
      await until(
        () => eventRow(videoId),
        (row) => row.status === 'streaming',
      );
      const broadcast = ingest.broadcasts.get(videoId)!;
      await pusher.exited;
      expect(
        (
          await until(
            () => eventRow(videoId),
            (row) => row.status !== 'streaming',
          )
        ).status,
      ).toBe('done');
      const [row] = await db
        .select()
        .from(schema.liveBroadcasts)
        .where(eq(schema.liveBroadcasts.id, broadcast.broadcastId));
      expect(row).toMatchObject({ status: 'ended', recordedSegments: 0 });
      expect(await storage.exists(`${broadcast.prefix}/recording/000000.ts`)).toBe(false);
      expect(await archiveReplay({ broadcastId: broadcast.broadcastId }, { db, storage })).toEqual({
        status: 'skipped',
      });
      expect(await storage.exists(`${broadcast.prefix}/master.m3u8`)).toBe(false);
      expect(
        await db.select().from(schema.videoFiles).where(eq(schema.videoFiles.videoId, videoId)),
      ).toEqual([]);
    },
  );

  it(
    'ends a push without video, or with a codec it cannot read, with the reason for the owner',
    { timeout: 60_000 },
    async () => {
      const silentPicture = await addEvent('Sound only', {
        streamKey: 'sound-only-key-0123456789',
      });
      const soundOnly = spawn(
        ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-re',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:sample_rate=44100',
          '-t',
          '30',
          '-c:a',
          'aac',
          '-f',
          'flv',
          `rtmp://127.0.0.1:${ingest.port}/live/sound-only-key-0123456789`,
        ],
        { stdio: 'ignore' },
      );
      const oldCodec = await addEvent('Sorenson', { streamKey: 'sorenson-key-0123456789' });
      const sorenson = spawn(
        ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-re',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=320x180:rate=15',
          '-t',
          '30',
          '-c:v',
          'flv1',
          '-f',
          'flv',
          `rtmp://127.0.0.1:${ingest.port}/live/sorenson-key-0123456789`,
        ],
        { stdio: 'ignore' },
      );
      const refused = await until(
        async () => [await eventRow(silentPicture), await eventRow(oldCodec)],
        (rows) => rows.every((row) => row.lastError !== null && row.ingestNode === null),
      );
      expect(refused.map((row) => [row.status, row.lastError])).toEqual([
        ['ready', 'no_video'],
        ['ready', 'unsupported_codec'],
      ]);
      soundOnly.kill();
      sorenson.kill();
    },
  );

  it('ends a broadcast whose node stopped beating, and queues what it recorded', async () => {
    const db = await getDb();
    const videoId = await addEvent('Lost node', {
      streamKey: 'lost-node-key-0123456789',
      status: 'streaming',
      ingestNode: 'gone-host:1:x',
      heartbeatAt: new Date(Date.now() - 20_000),
    });
    const [broadcast] = await db
      .insert(schema.liveBroadcasts)
      .values({ eventVideoId: videoId, recordedSegments: 3 })
      .returning();
    const ended = (graceMs: number, now?: Date) =>
      endStaleBroadcasts(db, { graceMs, now }).then((all) =>
        all.filter((one) => one.eventVideoId === videoId),
      );
    // Silent for 20 s, within its encoder's grace of 30: a reconnect elsewhere may carry it on.
    expect(await ended(30_000)).toEqual([]);
    expect((await eventRow(videoId)).status).toBe('streaming');

    expect(await ended(30_000, new Date(Date.now() + 25_000))).toEqual([
      { eventVideoId: videoId, id: broadcast!.id },
    ]);
    expect(await eventRow(videoId)).toMatchObject({
      status: 'done',
      ingestNode: null,
      lastError: 'stalled',
    });
    const jobs = await db.select().from(schema.jobs).where(eq(schema.jobs.kind, LIVE_REPLAY_JOB));
    expect(jobs.map((job) => job.payload)).toContainEqual({ broadcastId: broadcast!.id });
  });

  it(
    'takes the encoder over from a node that died: its broadcast ends, its players are told, its recording becomes a replay of its own',
    { timeout: 120_000 },
    async () => {
      const db = await getDb();
      const key = 'failover-key-0123456789';
      // What a node killed mid-stream leaves: the event held by it, silent for 13 s, and a
      // broadcast still live with what it recorded and playlists that stopped moving.
      const videoId = await addEvent('Failover', {
        streamKey: key,
        status: 'streaming',
        ingestNode: 'dead-host:9:z',
        heartbeatAt: new Date(Date.now() - 13_000),
      });
      const [orphan] = await db
        .insert(schema.liveBroadcasts)
        .values({ eventVideoId: videoId, recordedSegments: 1 })
        .returning();
      const prefix = liveStorageKey(videoId, orphan!.id);
      const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-orphan-'));
      const piece = path.join(scratch, 'piece.ts');
      await runBinary(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', 'testsrc2=size=320x180:rate=15', '-t', '2', '-f', 'mpegts', piece],
      ]);
      await storage.put(`${prefix}/recording/000000.ts`, piece);
      const rung = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nsegment-000.ts\n';
      for (const [name, text] of [
        ['master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000\n180p/index.m3u8\n'],
        ['180p/index.m3u8', rung],
      ] as const) {
        await writeFile(path.join(scratch, 'file'), text);
        await storage.put(`${prefix}/${name}`, path.join(scratch, 'file'));
      }

      const pusher = push(key, 6);
      const streaming = await until(
        () => eventRow(videoId),
        (row) => row.status === 'streaming' && row.ingestNode === 'test-node:1:a',
      );
      expect(streaming.lastError).toBeNull();
      const [ended] = await db
        .select()
        .from(schema.liveBroadcasts)
        .where(eq(schema.liveBroadcasts.id, orphan!.id));
      expect(ended).toMatchObject({ status: 'ended' });
      const playlist = await until(
        async () =>
          (await buffer(await storage.createReadStream(`${prefix}/180p/index.m3u8`))).toString(),
        (text) => text.includes('#EXT-X-ENDLIST'),
      );
      expect(playlist).toBe(`${rung}#EXT-X-ENDLIST\n`);

      const replay = await archiveReplay({ broadcastId: orphan!.id }, { db, storage });
      expect(replay).toMatchObject({ status: 'archived' });
      const replayId = (replay as { videoId: number }).videoId;
      expect(replayId).not.toBe(videoId);
      const [video] = await db.select().from(schema.videos).where(eq(schema.videos.id, replayId));
      expect(video!.name).toMatch(/^Failover \(\d{4}-\d{2}-\d{2}\)$/);
      expect((await eventRow(videoId)).archivedTime).toBeNull();
      await pusher.exited;
      await rm(scratch, { recursive: true, force: true });
    },
  );

  it('ends a broadcast another has replaced at once, and leaves the event to the new one', async () => {
    const db = await getDb();
    const videoId = await addEvent('Replaced', {
      streamKey: 'replaced-key-0123456789',
      status: 'streaming',
      ingestNode: 'node-b:2:b',
      heartbeatAt: new Date(),
    });
    const [old, current] = await db
      .insert(schema.liveBroadcasts)
      .values([
        { eventVideoId: videoId, recordedSegments: 0 },
        { eventVideoId: videoId, recordedSegments: 2 },
      ])
      .returning();
    const ended = await endStaleBroadcasts(db, { graceMs: 30_000 });
    expect(ended.filter((one) => one.eventVideoId === videoId)).toEqual([
      { eventVideoId: videoId, id: old!.id },
    ]);
    const rows = await db
      .select()
      .from(schema.liveBroadcasts)
      .where(eq(schema.liveBroadcasts.eventVideoId, videoId));
    expect(rows.map((row) => [row.id, row.status])).toEqual(
      expect.arrayContaining([
        [old!.id, 'failed'],
        [current!.id, 'live'],
      ]),
    );
    expect(await eventRow(videoId)).toMatchObject({
      status: 'streaming',
      ingestNode: 'node-b:2:b',
    });
  });

  it('refuses an event that is over', async () => {
    await addEvent('Over', { streamKey: 'over-key-0123456789', status: 'done' });
    const pusher = push('over-key-0123456789', 5);
    expect(await pusher.exited).not.toBe(0);
  });
});

describe('the occurrence a broadcast stands for', () => {
  const daily = {
    startTime: new Date('2026-11-24T18:00:00Z'),
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
    timeZone: 'UTC',
  };

  it('is the one on now, or the next when it is near', async () => {
    const { broadcastOccurrence } = await import('./liveEventStore.ts');
    expect(broadcastOccurrence(daily, new Date('2026-11-24T18:20:00Z'))).toEqual(
      new Date('2026-11-24T18:00:00Z'),
    );
    expect(broadcastOccurrence(daily, new Date('2026-11-24T17:45:00Z'))).toEqual(
      new Date('2026-11-24T18:00:00Z'),
    );
  });

  it('is none for a broadcast far ahead of the schedule, so the next date is not skipped', async () => {
    const { broadcastOccurrence } = await import('./liveEventStore.ts');
    expect(broadcastOccurrence(daily, new Date('2026-11-24T09:00:00Z'))).toBeNull();
    expect(broadcastOccurrence(null, new Date('2026-11-24T09:00:00Z'))).toBeNull();
  });
});
