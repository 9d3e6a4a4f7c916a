import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { findFfmpegBinaries } from '../../src/server/media/ffmpegBinaries.ts';

/** A clip made by the ffmpeg the server finds, on disk as `name`; `noisy` makes it large (about 12 MB a second). */
export async function clip(
  name: string,
  { seconds = 2, noisy = false } = {},
): Promise<{ path: string; size: number }> {
  const { ffmpeg } = await findFfmpegBinaries({
    ffmpegPath: process.env['FFMPEG_PATH'],
    searchPath: process.env['PATH'],
    warn: () => {},
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-clip-')), name);
  const source = noisy
    ? 'testsrc2=size=640x360:rate=25,noise=alls=100:allf=t'
    : 'testsrc2=size=320x180:rate=12';
  const quality = noisy ? ['-qp', '0'] : [];
  const made = spawnSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...quality,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  if (made.status !== 0) throw new Error(made.error?.message ?? made.stderr.toString());
  return { path: file, size: statSync(file).size };
}

/**
 * Uploads a clip titled `title` through the studio's uploader, as a signed-in person does,
 * and waits until it is processed; answers its video id.
 */
export async function uploadThroughStudio(page: Page, title: string): Promise<number> {
  await page.goto('/upload');
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
  await page.getByLabel('Choose videos').setInputFiles((await clip(`${title}.mp4`)).path);
  const item = page.getByTestId('upload-item').filter({ hasText: `${title}.mp4` });
  await expect(item.getByTestId('upload-state')).toHaveText('Ready', { timeout: 120_000 });
  const href = await item.getByRole('link', { name: 'Edit video' }).getAttribute('href');
  return Number(/\/manage\/videos\/(\d+)/.exec(href ?? '')![1]);
}

/** A PNG picture of `width`×`height` made by ffmpeg, on disk as `name`. */
export async function picture(name: string, width = 320, height = 80): Promise<string> {
  const { ffmpeg } = await findFfmpegBinaries({
    ffmpegPath: process.env['FFMPEG_PATH'],
    searchPath: process.env['PATH'],
    warn: () => {},
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-picture-')), name);
  const made = spawnSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}`,
    '-frames:v',
    '1',
    file,
  ]);
  if (made.status !== 0) throw new Error(made.error?.message ?? made.stderr.toString());
  return file;
}
