import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFfmpegCapabilities, ffmpegCapabilities } from './capabilities.ts';
import { binariesUnderTest } from './testBinaries.ts';

const builds = await binariesUnderTest();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-caps-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(builds)('with the $name ffmpeg', ({ binaries }) => {
  it('has what the demo clips and thumbnails need', async () => {
    const { filters, encoders } = await ffmpegCapabilities(binaries.ffmpeg);
    for (const filter of [
      'testsrc2',
      'smptehdbars',
      'sine',
      'hue',
      'drawtext',
      'split',
      'scale',
      'crop',
    ])
      expect(filters, filter).toContain(filter);
    for (const encoder of ['libx264', 'aac', 'mjpeg']) expect(encoders, encoder).toContain(encoder);
    expect(filters).not.toContain('=');
  });

  it('says drawtext cannot be used when fontconfig finds no font, as on a bare container', async () => {
    const noFonts = path.join(dir, 'no-fonts.conf');
    await writeFile(noFonts, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
    const caps = await detectFfmpegCapabilities(binaries.ffmpeg, {
      env: { ...process.env, FONTCONFIG_FILE: noFonts },
    });
    expect(caps.filters).toContain('drawtext');
    expect(caps.drawtext).toBe(false);
  });
});
