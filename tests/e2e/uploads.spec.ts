import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { findFfmpegBinaries } from '../../src/server/media/ffmpegBinaries.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom, signIn } from './session.ts';

const drafts = showcaseId('private');
const origin = `http://127.0.0.1:${process.env['E2E_PORT'] ?? 4455}`;
// A browser's tus client sends Origin with every POST, as fetch does.
const TUS = { 'Tus-Resumable': '1.0.0', Origin: origin };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** A two-second 180p clip with sound, made by the ffmpeg the server finds (FFMPEG_PATH, PATH, bundled). */
async function smallClip(): Promise<Buffer> {
  const { ffmpeg } = await findFfmpegBinaries({ ffmpegPath: process.env['FFMPEG_PATH'], searchPath: process.env['PATH'], warn: () => {} });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-upload-')), 'clip.mp4');
  const made = spawnSync(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=12', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  if (made.status !== 0) throw new Error(made.error?.message ?? made.stderr.toString());
  return readFileSync(file);
}

async function sessionToken(request: APIRequestContext): Promise<string> {
  const { xsrft } = (await (await request.get('/api/viewer')).json()) as { xsrft: string | null };
  if (!xsrft) throw new Error('not signed in');
  return xsrft;
}

test.describe('resumable uploads', () => {
  test('refuse anonymous uploaders', async ({ request }) => {
    const token = await csrfTokenFrom(request, `/showcase/${showcaseId('password')}`);
    const response = await request.post('/api/uploads', { headers: { ...TUS, 'X-XSRF-Token': token, 'Upload-Length': '10' } });
    expect(response.status()).toBe(401);
    expect((await response.json()).message).toBe('You are unauthorized for this action.');
  });

  test('need the session token, and refuse a file past the quota with the SPEC message', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const unsigned = await page.request.post('/api/uploads', { headers: { ...TUS, 'Upload-Length': '10' } });
    expect(unsigned.status()).toBe(403);

    const token = await sessionToken(page.request);
    const tooBig = await page.request.post('/api/uploads', {
      headers: { ...TUS, 'X-XSRF-Token': token, 'Upload-Length': String(30 * 1024 ** 3), 'Upload-Metadata': `filename ${b64('feature.mp4')}` },
    });
    expect(tooBig.status()).toBe(413);
    expect(JSON.parse(await tooBig.text()).error).toBe('You are out of space! Upgrade for more.');
  });

  test('take a file in chunks, resume after a pause, and publish it once transcoded', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const clip = await smallClip();
    const title = `Upload ${Date.now()}`;
    await signIn(page, 'owner@vitrine.test');
    const token = await sessionToken(page.request);
    const headers = { ...TUS, 'X-XSRF-Token': token };

    const created = await page.request.post('/api/uploads', {
      headers: { ...headers, 'Upload-Length': String(clip.length), 'Upload-Metadata': `filename ${b64(`${title}.mp4`)},album ${b64(String(drafts))}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const location = created.headers()['location']!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);

    const chunk = Math.ceil(clip.length / 3);
    const patch = (offset: number) =>
      page.request.patch(location, {
        headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        data: clip.subarray(offset, Math.min(offset + chunk, clip.length)),
      });
    expect((await patch(0)).status()).toBe(204);

    // Someone else cannot see or continue this upload.
    const stranger = await browser.newPage();
    await signIn(stranger, 'member@vitrine.test');
    expect((await stranger.request.head(location, { headers: TUS })).status()).toBe(404);
    await stranger.close();

    // After an interruption the client asks where to resume, then sends the rest.
    let offset = Number((await page.request.head(location, { headers: TUS })).headers()['upload-offset']);
    expect(offset).toBe(chunk);
    let last;
    while (offset < clip.length) {
      last = await patch(offset);
      expect(last.status()).toBe(204);
      offset = Number(last.headers()['upload-offset']);
    }
    expect(offset).toBe(clip.length);
    const videoId = Number(last!.headers()['vitrine-video-id']);
    expect(videoId).toBeGreaterThan(0);

    // The in-server worker transcodes it; it appears in the showcase only when ready.
    await expect
      .poll(
        async () => {
          const body = await (await page.request.get(`/api/albums/${drafts}/videos?per_page=100&fields=uri,name,pictures.sizes.width`)).json();
          return body.data?.find((v: { uri: string }) => v.uri === `/videos/${videoId}`) ?? null;
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toMatchObject({ name: title, pictures: { sizes: [{ width: 640 }, { width: 960 }, { width: 1280 }, { width: 1680 }] } });
  });
});
