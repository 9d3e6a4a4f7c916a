/**
 * A rung of real ffmpeg output (the bundled build, with the packager's fMP4 settings) cut into
 * low-latency HLS in storage on disk, and playlist requests held on it as a player's would be.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistEdge } from '../../lib/llHlsPlaylist.ts';
import { heldPlaylist } from '../delivery/blockingReload.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { LocalDiskStorage, readWhole } from '../media/storage.ts';
import { liveLadder } from '../../lib/liveLadder.ts';
import { LowLatencyRung } from './lowLatencyRung.ts';
import { packagerArgs, rungPipe } from './packagerArgs.ts';
import { testFeedArgs } from './testFeed.ts';

let root: string;
let storage: LocalDiskStorage;
const prefix = 'live/1/1';
const key = `${prefix}/240p/index.m3u8`;

/** Four and a half seconds of the test feed's FLV, through the packager as it runs live. */
async function packagedBytes(scratch: string): Promise<Buffer> {
  const { ffmpeg } = await ffmpegBinaries();
  const feed = spawn(
    ffmpeg,
    testFeedArgs({
      url: 'pipe:1',
      width: 320,
      height: 240,
      fps: 25,
      clockText: false,
      seconds: 4.5,
    }),
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const ladder = liveLadder({ height: 240, fps: 25 }, 240);
  const packager = spawn(ffmpeg, packagerArgs(ladder, scratch, { hasAudio: true, record: false }), {
    stdio: ['pipe', 'ignore', 'ignore', 'pipe'],
  });
  feed.stdout.pipe(packager.stdin!);
  const chunks: Buffer[] = [];
  (packager.stdio[rungPipe(0)] as Readable).on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise((resolve) => packager.once('close', resolve));
  return Buffer.concat(chunks);
}

let bytes: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vitrine-llhls-'));
  storage = new LocalDiskStorage(path.join(root, 'media'));
  await mkdir(path.join(root, 'scratch', '240p'), { recursive: true });
  bytes = await packagedBytes(path.join(root, 'scratch'));
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Feeds `bytes` to a rung in chunks, a pause between them as a pipe would bring them. */
async function feed(rung: LowLatencyRung, data: Buffer, until?: (text: string) => boolean) {
  const pipe = new Readable({ read: () => undefined });
  rung.read(pipe);
  for (let at = 0; at < data.length; at += 16_384) {
    pipe.push(data.subarray(at, at + 16_384));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const text = (await readWhole(storage, key))?.toString('utf8');
    if (until && text && until(text)) return;
  }
}

describe('a live rung as low-latency HLS', () => {
  it('stores parts of about a third of a second, two-second segments from key frame to key frame, and a playlist naming them', async () => {
    const rung = new LowLatencyRung({
      name: '240p',
      dir: path.join(root, 'scratch', '240p'),
      prefix,
      storage,
    });
    await feed(rung, bytes);
    await rung.end();
    expect(rung.ready).toBe(true);
    const playlist = (await readWhole(storage, key))!.toString('utf8');
    expect(playlist).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.2');
    expect(playlist).toContain('#EXT-X-PART-INF:PART-TARGET=0.4');
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    const segments = [...playlist.matchAll(/^#EXTINF:([\d.]+),$/gm)].map(([, d]) => Number(d));
    expect(segments).toHaveLength(3);
    expect(segments[0]).toBeCloseTo(2, 1);
    expect(segments[1]).toBeCloseTo(2, 1);
    expect(playlist.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    const parts = [...playlist.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="(part\d+\.m4s)"/g)];
    expect(parts.length).toBeGreaterThan(10);
    for (const [, duration] of parts) expect(Number(duration)).toBeLessThanOrEqual(0.4);
    expect(playlist.match(/INDEPENDENT=YES/g)).toHaveLength(3);
    // A segment is its parts, byte for byte: old players get the same media, whole.
    const firstSegmentParts = parts.slice(
      0,
      playlist.split('seg0.m4s')[0]!.match(/#EXT-X-PART:/g)!.length,
    );
    const joined = Buffer.concat(
      await Promise.all(
        firstSegmentParts.map(
          async ([, , uri]) => (await readWhole(storage, `${prefix}/240p/${uri}`))!,
        ),
      ),
    );
    expect(joined.equals((await readWhole(storage, `${prefix}/240p/seg0.m4s`))!)).toBe(true);
    expect((await readWhole(storage, `${prefix}/240p/init.mp4`))!.subarray(4, 8).toString()).toBe(
      'ftyp',
    );
  });

  it('holds a blocking reload until the part is stored, and answers one far beyond the edge at once', async () => {
    const live = 'live/1/2';
    const liveKey = `${live}/240p/index.m3u8`;
    const rung = new LowLatencyRung({
      name: '240p',
      dir: path.join(root, 'scratch', '240p'),
      prefix: live,
      storage,
    });
    const pipe = new Readable({ read: () => undefined });
    rung.read(pipe);
    let at = 0;
    const pushUntil = async (done: (text: string) => boolean) => {
      for (; at < bytes.length; at += 4_096) {
        const text = (await readWhole(storage, liveKey))?.toString('utf8');
        if (text && done(text)) return playlistEdge(text)!;
        pipe.push(bytes.subarray(at, at + 4_096));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('the stream ended first');
    };
    const edge = await pushUntil((text) => playlistEdge(text)?.lastSegment === 0);
    const next = { msn: edge.lastPart!.msn, part: edge.lastPart!.index + 1 };

    let answered: string | null = null;
    const held = heldPlaylist(storage, liveKey, next).then((answer) => {
      answered = typeof answer === 'string' ? answer : answer.text;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBeNull();

    await expect(heldPlaylist(storage, liveKey, { msn: next.msn + 3, part: 0 })).resolves.toBe(
      'too-far',
    );
    await expect(heldPlaylist(storage, 'live/1/9/240p/index.m3u8', next)).resolves.toBe('missing');

    for (; answered === null && at < bytes.length; at += 4_096) {
      pipe.push(bytes.subarray(at, at + 4_096));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await held;
    const released = playlistEdge(answered!)!;
    expect(released.lastPart).toEqual({ msn: next.msn, index: next.part });
    pipe.push(null);
    await rung.end();
  });
});
