import { mkdtemp, readdir, readFile, rm, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_SIZES } from '../../lib/domain.ts';
import { produceDemoVideo, type DemoVideoOptions } from './demoMedia.ts';
import { probeMedia } from './probe.ts';
import { LocalDiskStorage, videoStorageKey } from './storage.ts';
import { binariesUnderTest } from './testBinaries.ts';

// The build production would use: the system one when installed.
const { binaries } = (await binariesUnderTest())[0]!;

let dir: string;
let cacheDir: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-demo-'));
  cacheDir = path.join(dir, 'cache');
  storage = new LocalDiskStorage(path.join(dir, 'media'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = (overrides: Partial<DemoVideoOptions> = {}): DemoVideoOptions => ({
  key: videoStorageKey(1),
  seed: 7,
  durationSeconds: 2,
  width: 640,
  height: 360,
  label: 'Demo clip 7',
  storage,
  cacheDir,
  binaries,
  ...overrides,
});

async function cacheEntries(): Promise<string[]> {
  return (await readdir(cacheDir)).sort();
}

describe('produceDemoVideo', () => {
  it('stores a playable source, an sd rendition, their HLS ladder and the four thumbnails', async () => {
    const video = await produceDemoVideo(options({ width: 960, height: 540 }));
    expect(video.cached).toBe(false);
    expect(video).toMatchObject({ width: 960, height: 540 });
    expect(video.durationSeconds).toBeCloseTo(2, 0);

    expect(video.files.map((f) => [f.quality, f.storageKey, f.width, f.height])).toEqual([
      ['source', 'videos/1/source.mp4', 960, 540],
      ['sd', 'videos/1/sd.mp4', 640, 360],
      ['hls', 'videos/1/hls/master.m3u8', 960, 540],
    ]);
    for (const file of video.files.filter((f) => f.quality !== 'hls')) {
      expect(file.mime).toBe('video/mp4');
      expect((await storage.stat(file.storageKey))?.size).toBe(file.size);
      const info = await probeMedia(storage.pathFor(file.storageKey), { binaries });
      expect(info).toMatchObject({
        videoCodec: 'h264',
        audioCodec: 'aac',
        width: file.width,
        height: file.height,
      });
    }

    const hls = video.files[2]!;
    expect(hls.mime).toBe('application/vnd.apple.mpegurl');
    const master = await readFile(storage.pathFor(hls.storageKey), 'utf8');
    // The sd rendition and the source itself, each remuxed.
    expect(master).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n360p\.m3u8\n/,
    );
    expect(master).toMatch(
      /RESOLUTION=960x540,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n540p\.m3u8\n/,
    );
    const variant = await probeMedia(storage.pathFor('videos/1/hls/360p.m3u8'), { binaries });
    expect(variant).toMatchObject({ videoCodec: 'h264', width: 640, height: 360 });
    expect(variant.durationSeconds).toBeCloseTo(2, 0);

    expect(video.pictures.map(({ width, height }) => ({ width, height }))).toEqual(
      THUMBNAIL_SIZES.map(({ width, height }) => ({ width, height })),
    );
    for (const picture of video.pictures) {
      expect(picture.storageKey).toBe(`videos/1/pictures/${picture.width}x${picture.height}.jpg`);
      expect(await storage.exists(picture.storageKey)).toBe(true);
    }
  });

  it('serves the same parameters from its cache without running ffmpeg again', async () => {
    const before = await cacheEntries();
    const video = await produceDemoVideo(
      options({ key: videoStorageKey(2), width: 960, height: 540 }),
    );
    expect(video.cached).toBe(true);
    expect(await cacheEntries()).toEqual(before);
    expect(await storage.exists('videos/2/source.mp4')).toBe(true);
    expect(video.pictures).toHaveLength(THUMBNAIL_SIZES.length);
  });

  // The seed's 1080p reels (1080, 720, 360) at a smaller scale, which costs the test less.
  it('makes a clip with an hd rendition and a three-rung ladder: sd, hd and the source', async () => {
    const video = await produceDemoVideo(
      options({
        key: videoStorageKey(8),
        seed: 11,
        durationSeconds: 5,
        width: 1280,
        height: 720,
        hdHeight: 540,
      }),
    );
    expect(video.files.map((f) => [f.quality, f.height])).toEqual([
      ['source', 720],
      ['sd', 360],
      ['hd', 540],
      ['hls', 720],
    ]);
    const master = await readFile(storage.pathFor('videos/8/hls/master.m3u8'), 'utf8');
    expect([...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual([
      '640x360',
      '960x540',
      '1280x720',
    ]);
    // Every rung cut at the same moments, so a player can switch between them at any segment.
    const segments = async (rung: string) =>
      (await readFile(storage.pathFor(`videos/8/hls/${rung}.m3u8`), 'utf8')).match(
        /#EXTINF:[\d.]+/g,
      );
    expect(await segments('720p')).toHaveLength(2);
    expect(await segments('720p')).toEqual(await segments('360p'));
    expect(await segments('540p')).toEqual(await segments('360p'));
  });

  // A stock clip's 4K source and 1080p hd at a smaller scale: a source taller than 1080p is sold, not streamed.
  it('makes a source taller than 1080p with an hd rendition, and streams only the renditions', async () => {
    const video = await produceDemoVideo(
      options({
        key: videoStorageKey(9),
        seed: 12,
        durationSeconds: 2,
        width: 1920,
        height: 1200,
        hdHeight: 720,
      }),
    );
    expect(video.files.map((f) => [f.quality, f.width, f.height])).toEqual([
      ['source', 1920, 1200],
      ['sd', 576, 360],
      ['hd', 1152, 720],
      ['hls', 1152, 720],
    ]);
    for (const file of video.files.filter((f) => f.quality !== 'hls')) {
      const info = await probeMedia(storage.pathFor(file.storageKey), { binaries });
      expect(info).toMatchObject({
        videoCodec: 'h264',
        audioCodec: 'aac',
        width: file.width,
        height: file.height,
      });
    }
    const master = await readFile(storage.pathFor('videos/9/hls/master.m3u8'), 'utf8');
    expect([...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual([
      '576x360',
      '1152x720',
    ]);
    expect(video.pictures).toHaveLength(THUMBNAIL_SIZES.length);
  });

  it('makes a new clip for a different seed', async () => {
    const before = await cacheEntries();
    const video = await produceDemoVideo(options({ key: videoStorageKey(3), seed: 8 }));
    expect(video.cached).toBe(false);
    expect(await cacheEntries()).toHaveLength(before.length + 1);
  });

  it('runs ffmpeg once when the same clip is asked for twice at the same time', async () => {
    const before = await cacheEntries();
    const [a, b] = await Promise.all([
      produceDemoVideo(options({ key: videoStorageKey(4), seed: 9 })),
      produceDemoVideo(options({ key: videoStorageKey(5), seed: 9 })),
    ]);
    expect(a.files[0]?.size).toBe(b.files[0]?.size);
    const after = await cacheEntries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((name) => name.startsWith('.build-'))).toEqual([]);
  });

  it('rebuilds a cache entry whose files were damaged', async () => {
    const first = await produceDemoVideo(options({ key: videoStorageKey(6), seed: 10 }));
    const entries = await cacheEntries();
    for (const entry of entries)
      await truncate(path.join(cacheDir, entry, 'sd.mp4'), 10).catch(() => {});
    const again = await produceDemoVideo(options({ key: videoStorageKey(6), seed: 10 }));
    expect(again.cached).toBe(false);
    // Whole again: a playable rendition of the same picture (an encoder run under load may
    // differ from the first by a few bytes, so the size is no test of that).
    const rebuilt = again.files[1]!;
    expect(rebuilt.size).toBeGreaterThan(first.files[1]!.size / 2);
    const info = await probeMedia(storage.pathFor(rebuilt.storageKey), { binaries });
    expect(info).toMatchObject({
      videoCodec: 'h264',
      width: first.files[1]!.width,
      height: first.files[1]!.height,
    });
  });
});
