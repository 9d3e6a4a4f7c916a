import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_SIZES } from '../../lib/domain.ts';
import { MediaError } from './mediaError.ts';
import { probeMedia } from './probe.ts';
import { binariesUnderTest } from './testBinaries.ts';
import { generateTestPattern } from './testPattern.ts';
import { extractThumbnails } from './thumbnails.ts';

const builds = await binariesUnderTest();
const expectedNames = THUMBNAIL_SIZES.map(({ width, height }) => `${width}x${height}.jpg`).sort();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-thumbs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(builds)('with the $name ffmpeg', ({ name, binaries }) => {
  let clip: string;
  beforeAll(async () => {
    clip = (
      await generateTestPattern(path.join(dir, `${name}.mp4`), {
        durationSeconds: 3,
        width: 960,
        height: 540,
        label: 'Thumbs',
        binaries,
      })
    ).path;
  });

  it('writes exactly one JPEG per SPEC size, each exactly that size', async () => {
    const out = path.join(dir, `${name}-thumbs`);
    const thumbnails = await extractThumbnails(clip, out, { binaries });
    expect(thumbnails.map(({ width, height }) => ({ width, height }))).toEqual(
      THUMBNAIL_SIZES.map(({ width, height }) => ({ width, height })),
    );
    expect((await readdir(out)).sort()).toEqual(expectedNames);
    for (const thumbnail of thumbnails) {
      const info = await probeMedia(thumbnail.path, { binaries });
      expect(info, thumbnail.path).toMatchObject({
        videoCodec: 'mjpeg',
        width: thumbnail.width,
        height: thumbnail.height,
      });
    }
  });

  it('falls back to the first frame when asked for a moment past the end', async () => {
    const out = path.join(dir, `${name}-late`);
    const thumbnails = await extractThumbnails(clip, out, { atSeconds: 60, binaries });
    expect(thumbnails).toHaveLength(THUMBNAIL_SIZES.length);
    expect((await readdir(out)).sort()).toEqual(expectedNames);
  });

  it('turns an undecodable file into a MediaError and leaves no partial pictures', async () => {
    const corrupt = path.join(dir, `${name}-corrupt.mp4`);
    await writeFile(corrupt, randomBytes(32 * 1024));
    const out = path.join(dir, `${name}-corrupt-thumbs`);
    await expect(
      extractThumbnails(corrupt, out, { atSeconds: 0, binaries }),
    ).rejects.toBeInstanceOf(MediaError);
    expect(await readdir(out)).toEqual([]);
  });
});
