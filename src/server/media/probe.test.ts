import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './mediaError.ts';
import { probeMedia } from './probe.ts';
import { runBinary } from './run.ts';
import { binariesUnderTest } from './testBinaries.ts';
import { generateTestPattern } from './testPattern.ts';

const builds = await binariesUnderTest();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function mediaError(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error('expected a MediaError');
}

describe.each(builds)('with the $name ffmpeg', ({ name, binaries }) => {
  it('reads duration, codecs and size of a generated clip', async () => {
    const clip = path.join(dir, `${name}-clip.mp4`);
    await generateTestPattern(clip, {
      durationSeconds: 2,
      width: 640,
      height: 360,
      label: 'Probe me',
      seed: 1,
      binaries,
    });
    const info = await probeMedia(clip, { binaries });
    expect(info.durationSeconds).toBeGreaterThan(1.8);
    expect(info.durationSeconds).toBeLessThan(2.2);
    expect(info).toMatchObject({
      width: 640,
      height: 360,
      rotation: 0,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasAudio: true,
      frameRate: 24,
    });
    expect(info.formatName).toContain('mp4');
    expect(info.sizeBytes).toBe((await stat(clip)).size);
    expect(info.bitRate).toBeGreaterThan(0);
  });

  it('turns random bytes into a MediaError with a message fit for the uploader', async () => {
    const corrupt = path.join(dir, `${name}-corrupt.mp4`);
    await writeFile(corrupt, randomBytes(64 * 1024));
    const error = await mediaError(probeMedia(corrupt, { binaries }));
    // Random bytes occasionally pass for an audio stream; either way it is not a video.
    expect(['unreadable', 'no-video']).toContain(error.code);
    expect(error.message).not.toContain(dir);
    expect(error.message).not.toMatch(/ffprobe|Invalid data/);
  });

  it('refuses a file that has sound but no picture', async () => {
    const audioOnly = path.join(dir, `${name}-audio.m4a`);
    await runBinary(binaries.ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=0.5',
      '-c:a',
      'aac',
      audioOnly,
    ]);
    expect((await mediaError(probeMedia(audioOnly, { binaries }))).code).toBe('no-video');
  });

  it('reads an MPEG-TS file, as camcorders and HLS segments are', async () => {
    const clip = path.join(dir, `${name}-clip.mp4`);
    const transportStream = path.join(dir, `${name}-clip.ts`);
    await runBinary(binaries.ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      clip,
      '-c',
      'copy',
      '-f',
      'mpegts',
      transportStream,
    ]);
    const info = await probeMedia(transportStream, { binaries });
    expect(info).toMatchObject({ width: 640, height: 360, videoCodec: 'h264', audioCodec: 'aac' });
    expect(info.formatName).toBe('mpegts');
  });

  it('reads a file whose name looks like a protocol as a plain file', async () => {
    const clip = path.join(dir, `${name}-clip.mp4`);
    const odd = path.join(dir, `http:${name}, [odd]; 'name'.mp4`);
    await writeFile(odd, await import('node:fs/promises').then((fs) => fs.readFile(clip)));
    expect((await probeMedia(odd, { binaries })).videoCodec).toBe('h264');
  });
});
