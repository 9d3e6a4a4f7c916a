import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOTIFS, demoLook } from '../../lib/demoLook.ts';
import { ffmpegCapabilities } from './capabilities.ts';
import { footageStyle, generateDemoFootage } from './demoFootage.ts';
import { probeMedia, runFfprobe } from './probe.ts';
import { runBinary } from './run.ts';
import type { FfmpegBinaries } from './ffmpegBinaries.ts';
import { binariesUnderTest } from './testBinaries.ts';

const builds = await binariesUnderTest();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-footage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** When the clip's video keyframes fall, in seconds. */
async function keyframeSeconds(binaries: FfmpegBinaries, file: string): Promise<number[]> {
  const { stdout } = await runFfprobe(binaries, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    file,
  ]);
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.split(',')[1]?.startsWith('K'))
    .map((line) => Math.round(Number(line.split(',')[0]) * 10) / 10);
}

/** How alike one frame of two clips is, in dB (higher is more alike). */
async function framePsnr(
  binaries: FfmpegBinaries,
  a: string,
  b: string,
  atSeconds: number,
): Promise<number> {
  const at = String(atSeconds);
  const { stderr } = await runBinary(binaries.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-ss',
    at,
    '-i',
    a,
    '-ss',
    at,
    '-i',
    b,
    '-lavfi',
    'psnr',
    '-frames:v',
    '1',
    '-f',
    'null',
    '-',
  ]);
  const db = /average:([\d.]+|inf)/.exec(stderr)![1]!;
  return db === 'inf' ? Infinity : Number(db);
}

/** The first seed of each motif. */
const seedOf = (motif: string): number =>
  Array.from({ length: 10 }, (_, i) => i).find((seed) => demoLook(seed).motif === motif)!;

describe.each(builds)('with the $name ffmpeg', ({ name, binaries }) => {
  it('has every filter the footage is made of', async () => {
    const { filters } = await ffmpegCapabilities(binaries.ffmpeg);
    const used = [
      'nullsrc',
      'color',
      'geq',
      'mandelbrot',
      'life',
      'cellauto',
      'blend',
      'gblur',
      'lutrgb',
      'fade',
      'trim',
      'scale',
      'setsar',
      'sine',
      'amix',
      'tremolo',
      'afade',
      'anoisesrc',
      'lowpass',
    ];
    for (const filter of used) expect(filters, filter).toContain(filter);
  });

  it.each(DEMO_MOTIFS)('makes a playable %s clip of the asked size and length', async (motif) => {
    const clip = path.join(dir, `${name}-${motif}.mp4`);
    const made = await generateDemoFootage(clip, {
      durationSeconds: 1.5,
      width: 320,
      height: 180,
      seed: seedOf(motif),
      title: 'Harbour at dawn',
      binaries,
    });
    expect(made).toMatchObject({ style: 'motion', fps: 24, look: { motif } });
    const info = await probeMedia(clip, { binaries });
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 180 });
    expect(info.durationSeconds).toBeCloseTo(1.5, 0);
  });

  it('draws a title full of filtergraph syntax where it can draw text, and leaves it out where not', async () => {
    const made = await generateDemoFootage(path.join(dir, `${name}-title.mp4`), {
      durationSeconds: 1,
      width: 320,
      height: 180,
      seed: 3,
      title: String.raw`It's 50% off: a, b; [c] \ d %{pts} =x and a title far too long for one line`,
      binaries,
    });
    expect(made.titled).toBe((await ffmpegCapabilities(binaries.ffmpeg)).drawtext);
  });

  it('writes smaller renditions in the same run, each with sound, its own title and keyframes where the source has them', async () => {
    const ladder = (label: string) => ({
      source: path.join(dir, `${name}-${label}-360.mp4`),
      renditions: [180, 90].map((height) => ({
        path: path.join(dir, `${name}-${label}-${height}.mp4`),
        height,
      })),
    });
    const titled = ladder('titled');
    const made = await generateDemoFootage(titled.source, {
      durationSeconds: 5,
      width: 640,
      height: 360,
      seed: 4,
      title: 'Harbour at dawn',
      renditions: titled.renditions,
      binaries,
    });
    expect(made.renditions.map(({ width, height }) => [width, height])).toEqual([
      [320, 180],
      [160, 90],
    ]);
    const files = [titled.source, ...titled.renditions.map((r) => r.path)];
    for (const [i, [width, height]] of [
      [640, 360],
      [320, 180],
      [160, 90],
    ].entries()) {
      const info = await probeMedia(files[i]!, { binaries });
      expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width, height });
      expect(info.durationSeconds).toBeCloseTo(5, 0);
      // Every 2 s exactly, so the HLS rungs made of them cut at the same moments.
      expect(await keyframeSeconds(binaries, files[i]!)).toEqual([0, 2, 4]);
    }

    if (!made.titled) return;
    const plain = ladder('plain');
    await generateDemoFootage(plain.source, {
      durationSeconds: 5,
      width: 640,
      height: 360,
      seed: 4,
      renditions: plain.renditions,
      binaries,
    });
    const plainFiles = [plain.source, ...plain.renditions.map((r) => r.path)];
    // Mid-title every size differs from the untitled clip; once the title is gone they match again.
    for (const [i, file] of files.entries()) {
      expect(await framePsnr(binaries, file, plainFiles[i]!, 2)).toBeLessThan(30);
      expect(await framePsnr(binaries, file, plainFiles[i]!, 4.2)).toBeGreaterThan(35);
    }
  });

  it('makes a long clip as a 1 fps title slide with mono sound', async () => {
    const clip = path.join(dir, `${name}-still.mp4`);
    const made = await generateDemoFootage(clip, {
      durationSeconds: 601,
      width: 320,
      height: 180,
      seed: 1,
      title: 'Keynote',
      binaries,
    });
    expect(made).toMatchObject({ style: 'still', fps: 1 });
    const info = await probeMedia(clip, { binaries });
    expect(info.frameRate).toBe(1);
    expect(info.durationSeconds).toBeCloseTo(601, 0);
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
  });
});

describe('generateDemoFootage', () => {
  const binaries = builds[0]!.binaries;

  it('switches to the still slide past ten minutes', () => {
    expect(footageStyle(600)).toBe('motion');
    expect(footageStyle(601)).toBe('still');
  });

  it('refuses odd sizes and leaves nothing behind', async () => {
    const target = path.join(dir, 'odd', 'odd.mp4');
    await expect(
      generateDemoFootage(target, {
        durationSeconds: 1,
        width: 321,
        height: 180,
        seed: 1,
        binaries,
      }),
    ).rejects.toThrow(/even integer/);
    await expect(
      generateDemoFootage(target, {
        durationSeconds: 0,
        width: 320,
        height: 180,
        seed: 1,
        binaries,
      }),
    ).rejects.toThrow(RangeError);
    await expect(readdir(path.dirname(target))).rejects.toThrow();
  });
});
