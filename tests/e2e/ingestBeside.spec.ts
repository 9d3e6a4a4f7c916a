/**
 * `npm run ingest` while the server runs on the same data folder: the server holds the
 * embedded database, so the CLI uploads through it, and the video appears once transcoded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFfmpegBinaries } from '../../src/server/media/ffmpegBinaries.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const drafts = showcaseId('private');

/** A two-second 180p clip, made by the ffmpeg the server finds. */
async function clipFile(): Promise<string> {
  const { ffmpeg } = await findFfmpegBinaries({
    ffmpegPath: process.env['FFMPEG_PATH'],
    searchPath: process.env['PATH'],
    warn: () => {},
  });
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), 'vitrine-ingest-')),
    'Beside the server.mp4',
  );
  const made = spawnSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=12',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  if (made.status !== 0) throw new Error(made.stderr.toString());
  return file;
}

test('npm run ingest beside the running server uploads through it', async ({ page }) => {
  test.skip(
    Boolean(process.env['DATABASE_URL']),
    'with PostgreSQL the CLI shares the database instead',
  );
  test.setTimeout(120_000);
  const ingest = spawn(
    process.execPath,
    ['scripts/ingest.ts', await clipFile(), '--album', String(drafts)],
    {
      env: {
        ...process.env,
        DATA_DIR: process.env['DATA_DIR'] ?? '.data/e2e',
        LOG_LEVEL: 'silent',
      },
    },
  );
  let output = '';
  ingest.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  ingest.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(ingest, 'exit');
  expect(output).toMatch(/has the database: uploading through it/);
  expect(code).toBe(0);
  const videoId = Number(/video (\d+) uploaded/.exec(output)?.[1]);

  await signIn(page, 'owner@vitrine.test');
  await expect
    .poll(
      async () => {
        const body = await (
          await page.request.get(`/api/albums/${drafts}/videos?per_page=100&fields=uri,name`)
        ).json();
        return body.data?.find((v: { uri: string }) => v.uri === `/videos/${videoId}`) ?? null;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toMatchObject({ name: 'Beside the server' });
});
