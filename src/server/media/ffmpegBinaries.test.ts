import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries, findFfmpegBinaries } from './ffmpegBinaries.ts';
import { runBinary } from './run.ts';

const require = createRequire(import.meta.url);
const bundledFfmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const bundledFfprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

let emptyDir: string;
beforeAll(async () => {
  emptyDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-ffmpeg-'));
});
afterAll(async () => {
  await rm(emptyDir, { recursive: true, force: true });
});

function collectWarnings(): { warnings: string[]; warn: (message: string) => void } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message) };
}

describe('given FFMPEG_PATH and FFPROBE_PATH', () => {
  it('uses them, whatever is on PATH', async () => {
    const { warnings, warn } = collectWarnings();
    const found = await findFfmpegBinaries({
      ffmpegPath: bundledFfmpeg,
      ffprobePath: bundledFfprobe,
      searchPath: process.env['PATH'],
      warn,
    });
    expect(found).toMatchObject({
      ffmpeg: bundledFfmpeg,
      ffprobe: bundledFfprobe,
      source: 'env',
      ffprobeSource: 'env',
    });
    expect(found.version).not.toBe('');
    // Chosen on purpose: no warning, even though it is the old build.
    expect(warnings).toEqual([]);
  });

  it('fails with the variable named when FFMPEG_PATH does not run, rather than falling back', async () => {
    const missing = path.join(emptyDir, 'no-such-ffmpeg');
    await expect(
      findFfmpegBinaries({ ffmpegPath: missing, searchPath: process.env['PATH'] }),
    ).rejects.toThrow(/FFMPEG_PATH=.*no-such-ffmpeg does not run/);
  });
});

describe('given no FFMPEG_PATH', () => {
  const systemDirs = (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean);

  const systemHasFfmpeg = systemDirs.some((dir) => existsSync(path.join(dir, 'ffmpeg')));

  it.skipIf(!systemHasFfmpeg)('uses the ffmpeg on PATH', async () => {
    const { warnings, warn } = collectWarnings();
    const found = await findFfmpegBinaries({ searchPath: process.env['PATH'], warn });
    expect(found.source).toBe('path');
    expect(path.isAbsolute(found.ffmpeg)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('falls back to the bundled build when PATH has no ffmpeg, warns, and that build runs', async () => {
    const { warnings, warn } = collectWarnings();
    const found = await findFfmpegBinaries({ searchPath: emptyDir, warn });
    expect(found).toMatchObject({
      ffmpeg: bundledFfmpeg,
      ffprobe: bundledFfprobe,
      source: 'bundled',
      ffprobeSource: 'bundled',
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/current ffmpeg/);
    const { stdout } = await runBinary(found.ffprobe, ['-hide_banner', '-version'], {
      captureStdout: true,
    });
    expect(stdout).toMatch(/^ffprobe version/);
  });
});

describe('ffmpegBinaries()', () => {
  it('looks the binaries up once per process', async () => {
    const first = ffmpegBinaries();
    expect(ffmpegBinaries()).toBe(first);
    expect((await first).ffmpeg).not.toBe('');
  });
});
