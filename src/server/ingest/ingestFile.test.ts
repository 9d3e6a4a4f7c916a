/**
 * Ingest end to end with real ffmpeg and a real database: a generated 1080p clip becomes a
 * ready video whose every rendition and HLS variant ffprobe confirms; a damaged file ends as
 * the video's error; a full quota refuses the upload.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

const { dataDir } = await useTestDatabase('ingest');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { eq } = await import('drizzle-orm');
const { generateTestPattern } = await import('../media/testPattern.ts');
const { LocalDiskStorage } = await import('../media/storage.ts');
const { probeMedia } = await import('../media/probe.ts');
const { S3Storage } = await import('../media/s3Storage.ts');
const { mediaPlaylistSegments } = await import('../../lib/hlsPlaylist.ts');
const { ingestFile } = await import('./ingestFile.ts');

const storage = new LocalDiskStorage(path.join(dataDir, 'media'));
const clip = path.join(dataDir, 'clip 1080.mp4');
/** For the tests about refusals: as small as a video gets. */
const tiny = path.join(dataDir, 'tiny.mp4');
let showcaseId = 0;

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({
      email: 'owner@vitrine.test',
      name: 'Owner',
      quotaUnit: 'video_size',
      quotaPeriodicMax: 1024 ** 3,
    })
    .returning();
  await db.insert(schema.users).values({
    email: 'full@vitrine.test',
    name: 'Full',
    quotaUnit: 'video_count',
    quotaPeriod: 'lifetime',
    quotaPeriodicMax: 1,
    quotaLifetimeMax: 1,
  });
  const [showcase] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Uploads' })
    .returning();
  showcaseId = showcase!.id;
  await generateTestPattern(clip, {
    durationSeconds: 5,
    width: 1920,
    height: 1080,
    fps: 12,
    style: 'motion',
  });
  await generateTestPattern(tiny, {
    durationSeconds: 1,
    width: 320,
    height: 180,
    fps: 6,
    style: 'motion',
  });
});

describe('ingestFile', () => {
  it(
    'turns a 1080p clip into sd, 720p and 1080p renditions, an HLS ladder and thumbnails',
    { timeout: 180_000 },
    async () => {
      const db = await getDb();
      const lines: string[] = [];
      const result = await ingestFile({
        db,
        file: clip,
        showcaseId,
        storage,
        progress: (line) => lines.push(line),
      });
      expect(result.status).toBe('ready');
      expect(lines.some((l) => l.startsWith('encoding 1080p'))).toBe(true);

      const [video] = await db
        .select()
        .from(schema.videos)
        .where(eq(schema.videos.id, result.videoId));
      expect(video).toMatchObject({
        name: 'clip 1080',
        status: 'ready',
        duration: 5,
        width: 1920,
        height: 1080,
        errorMessage: null,
      });
      const [membership] = await db
        .select()
        .from(schema.showcaseVideos)
        .where(eq(schema.showcaseVideos.videoId, result.videoId));
      expect(membership?.showcaseId).toBe(showcaseId);

      expect(result.files.map((f) => `${f.quality}:${f.width}x${f.height}`).sort()).toEqual(
        ['hd:1280x720', 'hd:1920x1080', 'hls:1920x1080', 'sd:960x540', 'source:1920x1080'].sort(),
      );
      for (const file of result.files.filter(
        (f) => f.quality !== 'hls' && f.quality !== 'source',
      )) {
        const info = await probeMedia(storage.pathFor(file.storageKey));
        expect({
          codec: info.videoCodec,
          audio: info.audioCodec,
          width: info.width,
          height: info.height,
        }).toEqual({ codec: 'h264', audio: 'aac', width: file.width, height: file.height });
        expect(info.durationSeconds).toBeCloseTo(5, 0);
        expect(file.size).toBe(info.sizeBytes);
      }

      const hls = result.files.find((f) => f.quality === 'hls')!;
      expect(hls.storageKey).toBe(`videos/${result.videoId}/hls/master.m3u8`);
      const master = await readFile(storage.pathFor(hls.storageKey), 'utf8');
      const variants = [
        ...master.matchAll(
          /#EXT-X-STREAM-INF:BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=\d+,RESOLUTION=(\d+x\d+),CODECS="(avc1\.[0-9a-f]{6},mp4a\.40\.2)"\n(\S+)/g,
        ),
      ];
      expect(variants.map((v) => v[2])).toEqual(['960x540', '1280x720', '1920x1080']);
      for (const [, bandwidth, resolution, , uri] of variants) {
        expect(Number(bandwidth)).toBeGreaterThan(10_000);
        const variantKey = `videos/${result.videoId}/hls/${uri}`;
        const segments = mediaPlaylistSegments(await readFile(storage.pathFor(variantKey), 'utf8'));
        expect(segments.reduce((s, x) => s + x.durationSeconds, 0)).toBeCloseTo(5, 0);
        for (const segment of segments)
          expect(await storage.exists(`videos/${result.videoId}/hls/${segment.uri}`)).toBe(true);
        // ffmpeg itself plays the variant: it is a valid HLS stream of the right size.
        const played = await probeMedia(storage.pathFor(variantKey));
        expect(`${played.width}x${played.height}`).toBe(resolution);
      }

      const pictures = await db
        .select()
        .from(schema.videoPictures)
        .where(eq(schema.videoPictures.videoId, result.videoId));
      expect(pictures.map((p) => `${p.width}x${p.height}`).sort()).toEqual([
        '1280x700',
        '1680x945',
        '640x350',
        '960x525',
      ]);
      for (const p of pictures) expect(await storage.exists(p.storageKey)).toBe(true);

      const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.kind, 'transcode'));
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    },
  );

  it('ends a damaged file as an error on the video, with no files published', async () => {
    const db = await getDb();
    const broken = path.join(dataDir, 'broken.mp4');
    await writeFile(
      broken,
      Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42'), Buffer.alloc(4096, 7)]),
    );
    const result = await ingestFile({ db, file: broken, storage });
    expect(result.status).toBe('error');
    expect(result.errorMessage).toBe(
      'This file could not be read as a video. It may be damaged or in a format we do not support.',
    );
    expect(result.files).toEqual([]);
    const pictures = await db
      .select()
      .from(schema.videoPictures)
      .where(eq(schema.videoPictures.videoId, result.videoId));
    expect(pictures).toEqual([]);
  });

  it('refuses an upload past the quota with the SPEC message, creating nothing', async () => {
    const db = await getDb();
    const first = await ingestFile({ db, file: tiny, ownerEmail: 'full@vitrine.test', storage });
    expect(first.status).toBe('ready');
    expect(first.files.map((f) => `${f.quality}:${f.height}`).sort()).toEqual([
      'hls:180',
      'sd:180',
      'source:180',
    ]);
    const before = await db.select().from(schema.videos);
    await expect(
      ingestFile({ db, file: tiny, ownerEmail: 'full@vitrine.test', storage }),
    ).rejects.toThrow("You've reached your video limit. Upgrade for more!");
    expect(await db.select().from(schema.videos)).toHaveLength(before.length);
  });

  it('names a missing file, an unknown account and a showcase of someone else clearly', async () => {
    const db = await getDb();
    await expect(ingestFile({ db, file: path.join(dataDir, 'nope.mp4'), storage })).rejects.toThrow(
      /^No file at .*nope\.mp4$/,
    );
    await expect(
      ingestFile({ db, file: tiny, ownerEmail: 'ghost@vitrine.test', storage }),
    ).rejects.toThrow('No account with the e-mail ghost@vitrine.test');
    await expect(
      ingestFile({ db, file: tiny, ownerEmail: 'full@vitrine.test', showcaseId, storage }),
    ).rejects.toThrow(`No showcase ${showcaseId} owned by full@vitrine.test`);
  });
});

describe('ingestFile into an S3 bucket', () => {
  let server: S3rver;
  let bucket: InstanceType<typeof S3Storage>;

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port } = await server.run();
    bucket = new S3Storage({
      bucket: 'media',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    bucket.destroy();
    await server.close();
  });

  it('reads the source back from the bucket to transcode it, and stores every file there', async () => {
    const db = await getDb();
    const result = await ingestFile({ db, file: tiny, storage: bucket });
    expect(result.status).toBe('ready');
    expect(result.files.map((f) => f.quality).sort()).toEqual(['hls', 'sd', 'source']);
    for (const file of result.files.filter((f) => f.quality !== 'hls'))
      expect((await bucket.stat(file.storageKey))?.size).toBe(file.size);
    const master = await text(
      await bucket.createReadStream(`videos/${result.videoId}/hls/master.m3u8`),
    );
    expect(master).toMatch(/RESOLUTION=320x180,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n180p\.m3u8/);
    expect(
      await text(await bucket.createReadStream(`videos/${result.videoId}/hls/180p.m3u8`)),
    ).toMatch(/#EXT-X-ENDLIST/);
    const pictures = await db
      .select()
      .from(schema.videoPictures)
      .where(eq(schema.videoPictures.videoId, result.videoId));
    expect(pictures).toHaveLength(4);
    for (const p of pictures) expect(await bucket.exists(p.storageKey)).toBe(true);
    // Nothing of it stayed on local disk.
    expect(existsSync(path.join(dataDir, 'media', 'videos', String(result.videoId)))).toBe(false);
  });
});
