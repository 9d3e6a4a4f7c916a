import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOTIFS, demoLook } from '../../lib/demoLook.ts';
import { ffmpegCapabilities } from './capabilities.ts';
import { footageStyle, generateDemoFootage } from './demoFootage.ts';
import { probeMedia } from './probe.ts';
import { binariesUnderTest } from './testBinaries.ts';

const builds = await binariesUnderTest();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-footage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The first seed of each motif. */
const seedOf = (motif: string): number => Array.from({ length: 10 }, (_, i) => i).find((seed) => demoLook(seed).motif === motif)!;

describe.each(builds)('with the $name ffmpeg', ({ name, binaries }) => {
  it('has every filter the footage is made of', async () => {
    const { filters } = await ffmpegCapabilities(binaries.ffmpeg);
    const used = ['nullsrc', 'color', 'geq', 'mandelbrot', 'life', 'cellauto', 'blend', 'gblur', 'lutrgb', 'fade', 'trim', 'scale', 'setsar', 'sine', 'amix', 'tremolo', 'afade', 'anoisesrc', 'lowpass'];
    for (const filter of used) expect(filters, filter).toContain(filter);
  });

  it.each(DEMO_MOTIFS)('makes a playable %s clip of the asked size and length', async (motif) => {
    const clip = path.join(dir, `${name}-${motif}.mp4`);
    const made = await generateDemoFootage(clip, { durationSeconds: 1.5, width: 320, height: 180, seed: seedOf(motif), title: 'Harbour at dawn', binaries });
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

  it('makes a long clip as a 1 fps title slide with mono sound', async () => {
    const clip = path.join(dir, `${name}-still.mp4`);
    const made = await generateDemoFootage(clip, { durationSeconds: 601, width: 320, height: 180, seed: 1, title: 'Keynote', binaries });
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
    await expect(generateDemoFootage(target, { durationSeconds: 1, width: 321, height: 180, seed: 1, binaries })).rejects.toThrow(/even integer/);
    await expect(generateDemoFootage(target, { durationSeconds: 0, width: 320, height: 180, seed: 1, binaries })).rejects.toThrow(RangeError);
    await expect(readdir(path.dirname(target))).rejects.toThrow();
  });
});
