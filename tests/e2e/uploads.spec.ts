import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
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
const TOO_BIG_FOR_FREE =
  'This file is too big for your plan: each video may be up to 2 GB. Upgrade for more.';

/** A two-second 180p clip with sound, made by the ffmpeg the server finds (FFMPEG_PATH, PATH, bundled). */
async function smallClip(): Promise<Buffer> {
  const { ffmpeg } = await findFfmpegBinaries({
    ffmpegPath: process.env['FFMPEG_PATH'],
    searchPath: process.env['PATH'],
    warn: () => {},
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-upload-')), 'clip.mp4');
  const made = spawnSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=12',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  if (made.status !== 0) throw new Error(made.error?.message ?? made.stderr.toString());
  return readFileSync(file);
}

const MiB = 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024);
const LARGE_BODY = 200 * MiB;

/** The largest buffer this machine's kernel grows a TCP socket to, in one direction. */
function socketBufferMax(direction: 'rmem' | 'wmem'): number {
  const file = `/proc/sys/net/ipv4/tcp_${direction}`;
  if (!existsSync(file)) return 8 * MiB;
  return Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]);
}

/**
 * What a client can have written before a server that reads nothing answers: the server's
 * receive buffer and the client's send buffer, both grown to the kernel's maximum (32 MiB and
 * 4 MiB on a stock Linux), plus a few pieces queued in the client while the answer is on its way.
 */
const UNREAD_AT_MOST = socketBufferMax('rmem') + socketBufferMax('wmem') + 4 * MiB;

interface Answer {
  status: number;
  body: string;
  /** Bytes of the body the client had written when the answer came. */
  sent: number;
}

/**
 * Sends a 200 MB body a piece at a time, as fast as the server takes it, and stops once the
 * answer comes: what was sent by then is what the server waited for, plus what the sockets hold.
 * `declared` sends Content-Length, else the body is chunked.
 */
function sendUntilAnswered(
  method: string,
  address: string,
  headers: Record<string, string>,
  declared: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    // A connection kept alive, as a browser's or curl's: one the client asked to close is
    // closed by the server once it has answered, under the pieces still being written.
    const agent = new Agent({ keepAlive: true });
    const req = httpRequest(new URL(address, origin), {
      method,
      agent,
      headers: declared ? { ...headers, 'Content-Length': String(LARGE_BODY) } : headers,
    });
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        agent.destroy();
        resolve({ status: res.statusCode!, body, sent: at });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < LARGE_BODY) {
        sent += PIECE.length;
        if (!req.write(PIECE)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const uploadFiles = () => {
  const folder = path.join(process.env['DATA_DIR'] ?? '.data/e2e', 'uploads', 'tus');
  return existsSync(folder) ? readdirSync(folder) : [];
};

async function sessionToken(request: APIRequestContext): Promise<string> {
  const { xsrft } = (await (await request.get('/api/viewer')).json()) as { xsrft: string | null };
  if (!xsrft) throw new Error('not signed in');
  return xsrft;
}

test.describe('resumable uploads', () => {
  test('refuse anonymous uploaders', async ({ request }) => {
    const token = await csrfTokenFrom(request, `/showcase/${showcaseId('password')}`);
    const response = await request.post('/api/uploads', {
      headers: { ...TUS, 'X-XSRF-Token': token, 'Upload-Length': '10' },
    });
    expect(response.status()).toBe(401);
    expect((await response.json()).message).toBe('You are unauthorized for this action.');
  });

  test('answer an anonymous body before reading it, whatever its type', async () => {
    test.setTimeout(120_000);
    const tusType = { ...TUS, 'Content-Type': 'application/offset+octet-stream' };
    const sends = [
      // A document, which the token check would have read whole: over BODY_LIMIT at once.
      {
        method: 'POST',
        path: '/api/uploads',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        declared: true,
        status: 413,
      },
      {
        method: 'POST',
        path: '/api/uploads',
        headers: { Origin: origin, 'Content-Type': 'multipart/form-data; boundary=x' },
        declared: false,
        status: 413,
      },
      // An upload's bytes from nobody: refused before the tus server reads any.
      {
        method: 'POST',
        path: '/api/uploads',
        headers: { ...tusType, 'Upload-Length': String(LARGE_BODY) },
        declared: true,
        status: 401,
      },
      {
        method: 'PATCH',
        path: `/api/uploads/${'0'.repeat(32)}`,
        headers: { ...tusType, 'Upload-Offset': '0' },
        declared: false,
        status: 401,
      },
    ];
    expect(UNREAD_AT_MOST, 'the body outgrows what the sockets hold').toBeLessThan(LARGE_BODY / 2);
    for (const { method, path: address, headers, declared, status } of sends) {
      const answer = await sendUntilAnswered(method, address, headers, declared);
      expect(answer.sent, `${method} ${headers['Content-Type']}`).toBeLessThan(UNREAD_AT_MOST);
      expect(answer.status, `${method} ${headers['Content-Type']}`).toBe(status);
    }
  });

  test('refuse a body that is not an upload’s bytes with 415', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const token = await sessionToken(page.request);
    const refused = await page.request.post('/api/uploads', {
      headers: { ...TUS, 'X-XSRF-Token': token, 'Upload-Length': '10' },
      multipart: {
        token,
        file: { name: 'a.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(10) },
      },
    });
    expect(refused.status()).toBe(415);
    expect((await refused.json()).message).toBe(
      'What you sent is not in a format this address accepts.',
    );
  });

  test('refuse a file past the largest a free plan allows, before its first byte, and say so in the uploader', async ({
    page,
  }) => {
    await signIn(page, 'uploader@vitrine.test');
    const token = await sessionToken(page.request);
    const before = uploadFiles();
    const tooBig = await page.request.post('/api/uploads', {
      headers: {
        ...TUS,
        'X-XSRF-Token': token,
        'Upload-Length': String(10 * 1024 ** 4),
        'Upload-Metadata': `filename ${b64('archive.mp4')}`,
      },
    });
    expect(tooBig.status()).toBe(413);
    expect(JSON.parse(await tooBig.text())).toEqual({ status: 413, error: TOO_BIG_FOR_FREE });
    expect(uploadFiles()).toEqual(before);

    // A 3 GB file (sparse: it takes no room) chosen in the uploader is refused at its creation.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-upload-')), 'feature.mp4');
    writeFileSync(file, '');
    truncateSync(file, 3 * 1024 ** 3);
    await page.goto('/upload');
    await page.getByLabel('Choose videos').setInputFiles(file);
    await expect(page.getByTestId('upload-item').getByRole('alert')).toHaveText(TOO_BIG_FOR_FREE);
    expect(uploadFiles()).toEqual(before);
  });

  test('need the session token, and refuse a file past the quota with the SPEC message', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const unsigned = await page.request.post('/api/uploads', {
      headers: { ...TUS, 'Upload-Length': '10' },
    });
    expect(unsigned.status()).toBe(403);

    const token = await sessionToken(page.request);
    const tooBig = await page.request.post('/api/uploads', {
      headers: {
        ...TUS,
        'X-XSRF-Token': token,
        'Upload-Length': String(30 * 1024 ** 3),
        'Upload-Metadata': `filename ${b64('feature.mp4')}`,
      },
    });
    expect(tooBig.status()).toBe(413);
    expect(JSON.parse(await tooBig.text()).error).toBe('You are out of space! Upgrade for more.');
  });

  test('take a file in chunks, resume after a pause, and publish it once transcoded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const clip = await smallClip();
    const title = `Upload ${Date.now()}`;
    await signIn(page, 'owner@vitrine.test');
    const token = await sessionToken(page.request);
    const headers = { ...TUS, 'X-XSRF-Token': token };

    const created = await page.request.post('/api/uploads', {
      headers: {
        ...headers,
        'Upload-Length': String(clip.length),
        'Upload-Metadata': `filename ${b64(`${title}.mp4`)},album ${b64(String(drafts))}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const location = created.headers()['location']!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);

    const chunk = Math.ceil(clip.length / 3);
    const patch = (offset: number) =>
      page.request.patch(location, {
        headers: {
          ...headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        data: clip.subarray(offset, Math.min(offset + chunk, clip.length)),
      });
    expect((await patch(0)).status()).toBe(204);

    // Someone else cannot see or continue this upload.
    const stranger = await browser.newPage();
    await signIn(stranger, 'member@vitrine.test');
    expect((await stranger.request.head(location, { headers: TUS })).status()).toBe(404);
    await stranger.close();

    // After an interruption the client asks where to resume, then sends the rest.
    let offset = Number(
      (await page.request.head(location, { headers: TUS })).headers()['upload-offset'],
    );
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
          const body = await (
            await page.request.get(
              `/api/albums/${drafts}/videos?per_page=100&fields=uri,name,pictures.sizes.width`,
            )
          ).json();
          return body.data?.find((v: { uri: string }) => v.uri === `/videos/${videoId}`) ?? null;
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toMatchObject({
        name: title,
        pictures: { sizes: [{ width: 640 }, { width: 960 }, { width: 1280 }, { width: 1680 }] },
      });
  });
});
