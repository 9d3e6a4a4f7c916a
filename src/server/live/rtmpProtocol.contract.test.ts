/**
 * The contract of the RTMP adapter (rtmpProtocol.ts), held against a real encoder: ffmpeg
 * pushes the live test picture with its tone to a listener on loopback. The adapter drives
 * node-media-server's internals, which any release may change: an upgrade that breaks what the
 * live ingest relies on fails here, by name.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { probeMedia } from '../media/probe.ts';
import {
  AUDIO_TAG,
  flvHeader,
  flvTag,
  SCRIPT_TAG,
  serveEncoder,
  streamMetadata,
  VIDEO_TAG,
  type DecidePublish,
  type MediaTag,
  type PublishRequest,
} from './rtmpProtocol.ts';
import { testFeedArgs } from './testFeed.ts';

const library = createRequire(import.meta.url)('node-media-server/package.json') as {
  version: string;
};

const SECONDS = 3;
const FPS = 15;
const H264 = 7;
const AAC = 10;
/** 1024 samples at the test tone's 48 kHz. */
const AAC_FRAME_MS = (1024 / 48_000) * 1000;

interface Push {
  requests: PublishRequest[];
  tags: MediaTag[];
  /** How often the handler heard `closed`. */
  closes: number;
  exitCode: number | null;
  stderr: string;
}

/** Runs one ffmpeg push against the adapter, returning once ffmpeg exited and the adapter reported the close. */
async function push(streamKey: string, answer: 'accept' | 'refuse'): Promise<Push> {
  const result: Push = { requests: [], tags: [], closes: 0, exitCode: null, stderr: '' };
  let reportClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => (reportClosed = resolve));
  const decide: DecidePublish = async (request) => {
    result.requests.push(request);
    if (answer === 'refuse') {
      reportClosed();
      return { refuse: 'wrong_key' };
    }
    return {
      accept: {
        tag: (tag) => result.tags.push(tag),
        closed: () => {
          result.closes += 1;
          reportClosed();
        },
      },
    };
  };
  const server = createServer((socket) => serveEncoder(socket, decide));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const child = spawn(
    (await ffmpegBinaries()).ffmpeg,
    testFeedArgs({
      url: `rtmp://127.0.0.1:${port}/live/${streamKey}`,
      width: 320,
      height: 180,
      fps: FPS,
      clockText: false,
      seconds: SECONDS,
    }),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (result.stderr += chunk));
  result.exitCode = await new Promise((resolve) => child.once('close', resolve));
  await closed;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return result;
}

function ofType(tags: MediaTag[], type: number): MediaTag[] {
  return tags.filter((tag) => tag.type === type);
}

function steps(values: number[]): number[] {
  return values.slice(1).map((value, i) => value - values[i]!);
}

function nonDecreasing(values: number[]): boolean {
  return steps(values).every((step) => step >= 0);
}

describe(`node-media-server ${library.version} behind the RTMP adapter, with a real ffmpeg push`, () => {
  let accepted: Push;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-rtmp-contract-'));
    accepted = await push('contract-key', 'accept');
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('asks about the publish with the app and stream key the encoder used, once', () => {
    expect(accepted.requests).toEqual([{ app: 'live', streamKey: 'contract-key' }]);
  });

  it('hands over the metadata first, as the encoder described its stream', () => {
    const [first] = accepted.tags;
    expect(first?.type).toBe(SCRIPT_TAG);
    expect(first?.role).toBe('metadata');
    expect(streamMetadata(first!)).toMatchObject({
      width: 320,
      height: 180,
      framerate: FPS,
      videocodecid: H264,
      audiocodecid: AAC,
    });
  });

  it('hands over the H.264 video in order: its configuration, a key frame, then the frames', () => {
    const video = ofType(accepted.tags, VIDEO_TAG);
    expect(video.every((tag) => tag.codec === H264)).toBe(true);
    expect(video.map((tag) => tag.role).slice(0, 2)).toEqual(['config', 'keyframe']);
    expect(video.slice(1).every((tag) => tag.role === 'keyframe' || tag.role === 'frame')).toBe(
      true,
    );
    // Each tag's bytes are its own: an AVC sequence header, then coded frames.
    expect([...video[0]!.data.subarray(0, 2)]).toEqual([0x17, 0x00]);
    expect([...video[1]!.data.subarray(0, 2)]).toEqual([0x17, 0x01]);
  });

  it('times the video as pushed: every frame of the seconds, a frame period apart, pts never before dts', () => {
    const frames = ofType(accepted.tags, VIDEO_TAG).slice(1);
    const dts = frames.map((tag) => tag.dts);
    expect(nonDecreasing(dts)).toBe(true);
    const instants = [...new Set(dts)];
    expect(instants).toHaveLength(SECONDS * FPS);
    expect(instants[0]).toBeLessThan(1000 / FPS);
    expect(steps(instants).every((step) => Math.abs(step - 1000 / FPS) < 1)).toBe(true);
    expect(frames.every((tag) => tag.pts >= tag.dts)).toBe(true);
  });

  it('hands over the AAC sound in order: its configuration, then frames timed over the pushed seconds', () => {
    const audio = ofType(accepted.tags, AUDIO_TAG);
    expect(audio.every((tag) => tag.codec === AAC)).toBe(true);
    expect(audio[0]?.role).toBe('config');
    expect([...audio[0]!.data.subarray(0, 2)]).toEqual([0xaf, 0x00]);
    const frames = audio.slice(1);
    expect(frames.every((tag) => tag.role === 'frame')).toBe(true);
    const dts = frames.map((tag) => tag.dts);
    expect(dts[0]).toBeLessThan(AAC_FRAME_MS);
    expect(steps(dts).every((step) => Math.abs(step - AAC_FRAME_MS) < 1)).toBe(true);
    // The encoder's priming may add a frame at either end.
    expect(Math.abs(dts.at(-1)! - SECONDS * 1000)).toBeLessThan(2 * AAC_FRAME_MS);
  });

  it('reports the close once when the encoder stops', () => {
    expect(accepted.exitCode).toBe(0);
    expect(accepted.closes).toBe(1);
  });

  it('writes the tags back as an FLV that ffmpeg reads as the pushed picture and sound', async () => {
    const file = path.join(scratch, 'remuxed.flv');
    await writeFile(file, Buffer.concat([flvHeader(true, true), ...accepted.tags.map(flvTag)]));
    const info = await probeMedia(file);
    expect(info).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 180,
    });
    expect(info.frameRate).toBeCloseTo(FPS, 0);
    expect(info.durationSeconds).toBeCloseTo(SECONDS, 0);
  });

  it('tells a refused encoder before it sends media, so ffmpeg fails', async () => {
    const refused = await push('revoked-key', 'refuse');
    expect(refused.requests).toEqual([{ app: 'live', streamKey: 'revoked-key' }]);
    expect(refused.exitCode).not.toBe(0);
  });
});
