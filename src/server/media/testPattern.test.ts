import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegCapabilities } from './capabilities.ts';
import { probeMedia } from './probe.ts';
import { binariesUnderTest } from './testBinaries.ts';
import { defaultPatternStyle, generateTestPattern } from './testPattern.ts';

const builds = await binariesUnderTest();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pattern-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(builds)('with the $name ffmpeg', ({ name, binaries }) => {
  it('burns in a label full of filtergraph syntax without breaking the graph', async () => {
    const clip = path.join(dir, `${name}-label.mp4`);
    const made = await generateTestPattern(clip, {
      durationSeconds: 1,
      width: 640,
      height: 360,
      label: String.raw`It's 50% off: a, b; [c] \ d %{pts} =x`,
      binaries,
    });
    const { drawtext } = await ffmpegCapabilities(binaries.ffmpeg);
    expect(made.labelled).toBe(drawtext);
    expect(existsSync(clip)).toBe(true);
  });

  it('makes long clips as 1 fps still bars with mono sound', async () => {
    const clip = path.join(dir, `${name}-still.mp4`);
    const made = await generateTestPattern(clip, {
      durationSeconds: 30,
      width: 640,
      height: 360,
      style: 'still',
      binaries,
    });
    expect(made).toMatchObject({ style: 'still', fps: 1 });
    const info = await probeMedia(clip, { binaries });
    expect(info.frameRate).toBe(1);
    expect(info.durationSeconds).toBeGreaterThan(29.8);
    expect(info.durationSeconds).toBeLessThan(30.2);
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
  });
});

describe('generateTestPattern', () => {
  const binaries = builds[0]!.binaries;

  it('picks the still style by itself past ten minutes', () => {
    expect(defaultPatternStyle(3)).toBe('motion');
    expect(defaultPatternStyle(600)).toBe('motion');
    expect(defaultPatternStyle(601)).toBe('still');
    expect(defaultPatternStyle(3725)).toBe('still');
  });

  it('varies colour and tone with the seed', async () => {
    const a = await generateTestPattern(path.join(dir, 'seed-1.mp4'), {
      durationSeconds: 0.5,
      width: 320,
      height: 180,
      seed: 1,
      binaries,
    });
    const b = await generateTestPattern(path.join(dir, 'seed-2.mp4'), {
      durationSeconds: 0.5,
      width: 320,
      height: 180,
      seed: 2,
      binaries,
    });
    expect(a.hueDegrees).not.toBe(b.hueDegrees);
    expect(a.toneHz).not.toBe(b.toneHz);
  });

  it('refuses odd sizes and leaves nothing behind', async () => {
    const target = path.join(dir, 'odd', 'odd.mp4');
    await expect(
      generateTestPattern(target, { durationSeconds: 1, width: 641, height: 360, binaries }),
    ).rejects.toThrow(/even integer/);
    await expect(generateTestPattern(target, { durationSeconds: 0, binaries })).rejects.toThrow(
      RangeError,
    );
    expect(existsSync(path.dirname(target)) ? await readdir(path.dirname(target)) : []).toEqual([]);
  });
});

// Opt-in (MEDIA_SLOW_TESTS=1): the hour-long demo clip, to watch its cost on a given machine.
describe.skipIf(!process.env['MEDIA_SLOW_TESTS'])('given an hour-long clip', () => {
  it.each(builds)(
    'makes it in seconds with the $name ffmpeg',
    async ({ name, binaries }) => {
      const made = await generateTestPattern(path.join(dir, `${name}-hour.mp4`), {
        durationSeconds: 3725,
        label: 'An hour and a bit',
        binaries,
      });
      console.warn(`${name}: 3725 s still clip in ${made.elapsedMs} ms`);
      expect(made.style).toBe('still');
      expect((await probeMedia(made.path, { binaries })).durationSeconds).toBeCloseTo(3725, 0);
    },
    120_000,
  );
});
