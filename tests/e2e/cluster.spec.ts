/**
 * The cluster an operator grows into (docs/deploying.md, Growing past one machine), started
 * together on an empty PostgreSQL database of the test's own, with Redis (a prefix of its own)
 * and an S3-compatible bucket (s3rver) on loopback: web node A, which also takes live pushes;
 * web node B, which only serves; and worker C, which runs the jobs and takes live pushes. Both
 * web nodes run WORKER=off. Across them: a token, an upload, a write, chat, and a live event
 * whose ingest node is killed mid-stream. Runs in CI's first pass (playwright.config.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from '@playwright/test';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import S3rver from 's3rver';
import { DEMO_ACCOUNTS, DEMO_SHOWCASES } from '../../src/server/seed/demoCatalogue.ts';
import { ADMIN_URL, onServer } from './adminDatabase.ts';
import { clip } from './clips.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { playing, push, startPlaying, streamKey, type Encoder } from './liveStream.ts';
import { exitOf, freePort, startVitrine, startWorker, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';

const run = randomBytes(3).toString('hex');
const database = `vitrine_test_cluster_${run}`;
const BUCKET = 'vitrine-cluster';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `vitrine-test:cluster-${run}`;
const dataDir = (node: string) => `${process.env['DATA_DIR'] ?? '.data/e2e'}-cluster-${node}`;
const grid = showcaseId('grid');
const team = showcaseId('team');
const live = showcaseId('live');
const drafts = showcaseId('private');

interface Cluster {
  a: ChildProcess;
  b: ChildProcess;
  c: ChildProcess;
}

let s3: S3rver | null = null;
/** The bucket's files and each process's log. */
let workDir = '';
const logOf = (node: keyof Cluster) => path.join(workDir, `${node}.log`);
let sql: postgres.Sql | null = null;
let cluster: Cluster | null = null;
/** Every process that came up, stopped at the end whatever happened. */
const running: ChildProcess[] = [];
const ports = { a: 0, b: 0, apiB: 0, rtmpA: 0, rtmpC: 0 };
const origin = (port: number) => `http://127.0.0.1:${port}`;
let owner: Page | null = null;
const encoders: { stop(): Promise<void> }[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  workDir = await mkdtemp(path.join(tmpdir(), 'vitrine-cluster-'));
  await mkdir(path.join(workDir, 'bucket'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(workDir, 'bucket'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  await onServer((admin) => admin`create database ${admin(database)}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  sql = postgres(databaseUrl.href, { max: 1, onnotice: () => {} });
  for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();

  const shared = {
    DATABASE_URL: databaseUrl.href,
    REDIS_URL,
    REDIS_PREFIX,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: origin(s3Port),
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DEMO_LIVE: 'off',
    // What each process did, access lines included, for a failure to be read by.
    LOG_LEVEL: 'info',
  };
  // At the same moment, as a release starts every process: migrations and the demo seed take
  // turns under their advisory locks (src/server/db/advisoryLock.ts).
  const started = await Promise.allSettled([
    startVitrine({
      port: ports.a,
      dataDir: dataDir('a'),
      env: { ...shared, RTMP_PORT: String(ports.rtmpA) },
      seed: false,
      log: logOf('a'),
    }),
    startVitrine({
      port: ports.b,
      dataDir: dataDir('b'),
      env: { ...shared, API_PORT: String(ports.apiB) },
      seed: false,
      log: logOf('b'),
    }),
    startWorker({ dataDir: dataDir('c'), rtmpPort: ports.rtmpC, env: shared, log: logOf('c') }),
  ]);
  for (const each of started) if (each.status === 'fulfilled') running.push(each.value);
  const [a, b, c] = started.map((each) => {
    if (each.status === 'rejected') throw each.reason;
    return each.value;
  });
  cluster = { a: a!, b: b!, c: c! };
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !cluster) return;
  for (const node of ['a', 'b', 'c'] as const) {
    const exit = exitOf(cluster[node]);
    const tail = (await readFile(logOf(node), 'utf8')).split('\n').slice(-30).join('\n');
    console.error(
      `${node} ${exit === null ? 'is running' : `exited with ${exit}`}; the end of its log:\n${tail}`,
    );
    await testInfo.attach(`log of ${node}`, { path: logOf(node), contentType: 'text/plain' });
  }
});

test.afterAll(async () => {
  await Promise.allSettled(encoders.map((encoder) => encoder.stop()));
  await owner?.context().close();
  await Promise.allSettled(running.map(stopVitrine));
  await sql?.end();
  await s3?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  await onServer((admin) => admin`drop database if exists ${admin(database)} with (force)`);
  // The rate limit counts the nodes kept would expire by themselves; they go with the rest.
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const keys = await redis.keys(`${REDIS_PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

/** The owner, signed in on node A once for the whole file; the session cookie goes to B too (one host). */
async function ownerOnA(browser: Browser): Promise<Page> {
  if (owner) return owner;
  owner = await (await browser.newContext({ baseURL: origin(ports.a) })).newPage();
  await signIn(owner, 'owner@vitrine.test');
  return owner;
}

/** A personal access token made in /settings/tokens, as a person would. */
async function createToken(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.goto('/settings/tokens');
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes)
    await page.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: `Your new token: ${name}` })).toBeVisible();
  return page.getByRole('textbox', { name: 'New token' }).inputValue();
}

interface ListedVideo {
  uri: string;
  name: string;
  live?: { status: string; chat: { room_id: number | null } };
  play?: { hls: { link: string } | null; progressive: unknown[] };
}

/** The videos of a showcase, as node B's API lists them to an anonymous reader. */
async function listedOnB(albumId: number, fields: string): Promise<ListedVideo[]> {
  const answer = await fetch(
    `${origin(ports.b)}/api/albums/${albumId}/videos?per_page=100&fields=${fields}`,
  );
  return ((await answer.json()) as { data: ListedVideo[] }).data;
}

const videoIdOf = (video: ListedVideo) => Number(video.uri.split('/').at(-1));

test('three processes started together on an empty database all come up, and one seeds the demo', async () => {
  for (const [name, node] of Object.entries(cluster!)) expect(exitOf(node), name).toBeNull();
  for (const port of [ports.a, ports.b])
    expect((await fetch(`${origin(port)}/healthz`)).status).toBe(200);
  const [counts] = await sql!`
    select (select count(*)::int from showcases) as showcases,
           (select count(*)::int from users) as accounts`;
  expect(counts).toEqual({ showcases: DEMO_SHOWCASES.length, accounts: DEMO_ACCOUNTS.length });
  for (const port of [ports.a, ports.b])
    expect(await (await fetch(`${origin(port)}/showcase/${grid}`)).text()).toContain(
      'Northwind Showreel',
    );
});

test('a token issued on one node is accepted on the other', async ({ browser }) => {
  const page = await ownerOnA(browser);
  const { jwt } = (await (await page.request.get('/api/viewer')).json()) as { jwt: string };
  const personal = await createToken(page, 'Cluster script', ['private']);
  const album = `${origin(ports.apiB)}/albums/${team}`;
  expect((await fetch(album)).status).toBe(401);
  // The site's own JWT is signed with the session key the nodes share through the database.
  for (const token of [jwt, personal])
    expect((await fetch(album, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
});

test('a write on one node shows on the other at once', async ({ browser }) => {
  const page = await ownerOnA(browser);
  const showcase = `${origin(ports.b)}/showcase/${grid}`;
  await expect
    .poll(async () => (await fetch(showcase)).headers.get('x-vitrine-cache'), {
      message: "the showcase from B's page cache",
      timeout: 30_000,
    })
    .toBe('hit');
  const renamed = `Northwind Showreel ${run}`;
  await page.goto(`/manage/showcases/${grid}`);
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
  expect(await (await fetch(showcase)).text()).toContain(renamed);
});

test('a chat message posted on one node reaches a viewer on the other', async ({ browser }) => {
  const event = (await listedOnB(live, 'uri,live')).find((video) => video.live?.chat.room_id)!;
  const panel = `/live-chat/${event.live!.chat.room_id}?album=${live}&video=${videoIdOf(event)}`;

  const reader = await (await browser.newContext({ baseURL: origin(ports.b) })).newPage();
  await reader.goto(panel);
  const log = reader.getByRole('log', { name: 'Chat messages' });
  await expect(log).toBeVisible();

  const writer = await (await browser.newContext({ baseURL: origin(ports.a) })).newPage();
  await signIn(writer, 'member@vitrine.test');
  await writer.goto(panel);
  const line = `Hello from node A ${randomBytes(3).toString('hex')}`;
  await writer.getByRole('textbox', { name: 'Message' }).fill(line);
  await writer.getByRole('button', { name: 'Send' }).click();

  await expect(log.getByText(line)).toBeVisible();
  await expect(writer.getByRole('log', { name: 'Chat messages' }).getByText(line)).toHaveCount(1);
  await reader.context().close();
  await writer.context().close();
});

test('an upload begun on one node is finished on the other, and the worker makes it a video', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await ownerOnA(browser);
  const { xsrft } = (await (await page.request.get('/api/viewer')).json()) as { xsrft: string };
  const title = `Across nodes ${run}`;
  const bytes = readFileSync((await clip(`${title}.mp4`)).path);
  // A browser's tus client sends the Origin of the page it runs on, as fetch does.
  const tus = (port: number) => ({
    'Tus-Resumable': '1.0.0',
    Origin: origin(port),
    'X-XSRF-Token': xsrft,
  });
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await page.request.post(`${origin(ports.a)}/api/uploads`, {
    headers: {
      ...tus(ports.a),
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(`${title}.mp4`)},album ${b64(String(drafts))}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location']!;
  const patch = (port: number, offset: number, end: number) =>
    page.request.patch(`${origin(port)}${location}`, {
      headers: {
        ...tus(port),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      data: bytes.subarray(offset, end),
    });
  const half = Math.ceil(bytes.length / 2);
  expect((await patch(ports.a, 0, half)).status()).toBe(204);

  const resumed = await page.request.head(`${origin(ports.b)}${location}`, {
    headers: tus(ports.b),
  });
  expect(resumed.status(), 'node B finds the upload node A began').toBe(200);
  expect(Number(resumed.headers()['upload-offset'])).toBe(half);
  const last = await patch(ports.b, half, bytes.length);
  expect(last.status(), await last.text()).toBe(204);
  const videoId = Number(last.headers()['vitrine-video-id']);
  expect(videoId).toBeGreaterThan(0);

  // Neither web node transcodes (WORKER=off): the worker does, from the bucket.
  for (const port of [ports.a, ports.b])
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(
            `${origin(port)}/api/albums/${drafts}/videos?per_page=100&fields=uri,name,play.progressive`,
          );
          const { data } = (await answer.json()) as { data: ListedVideo[] };
          return data.find((video) => videoIdOf(video) === videoId) ?? null;
        },
        { timeout: 180_000, intervals: [1000] },
      )
      .toMatchObject({ name: title, play: { progressive: [expect.anything()] } });
});

/** An encoder as OBS runs one: whenever its push ends (refused, cut), it pushes again a second later. */
function keepPushing(rtmpPort: number, key: string): { stop(): Promise<void> } {
  let stopped = false;
  let current: Encoder | null = null;
  const pushing = (async () => {
    while (!stopped) {
      current = await push(rtmpPort, key);
      await current.exited;
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  const encoder = {
    async stop() {
      stopped = true;
      current?.kill('SIGTERM');
      await pushing;
    },
  };
  encoders.push(encoder);
  return encoder;
}

/** The broadcast a frame's live stream belongs to (live/{event}/{broadcast}/ in its address), or null. */
async function broadcastPlayed(frame: FrameLocator): Promise<number | null> {
  const streams = frame.locator('video[data-live]');
  if ((await streams.count()) === 0) return null;
  const hls = await streams.getAttribute('data-hls', { timeout: 1_000 }).catch(() => null);
  const broadcast = /\/live\/\d+\/(\d+)\//.exec(hls ?? '')?.[1];
  return broadcast ? Number(broadcast) : null;
}

test('the ingest node killed mid-stream: the encoder goes on through another, the recording becomes a replay, and the viewer’s player moves on', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const event = (await listedOnB(live, 'uri,name')).find(
    (video) => video.name === 'Q&A with the crew',
  )!;
  const id = videoIdOf(event);
  const videoPath = `/showcase/${live}/video/${id}`;
  const page = await ownerOnA(browser);
  await page.goto(videoPath);
  const key = await streamKey(page);
  const first = keepPushing(ports.rtmpA, key);

  // A packages the stream into the bucket; B serves it.
  await expect
    .poll(
      async () =>
        (await listedOnB(live, 'uri,live.status,play.hls')).find((v) => videoIdOf(v) === id),
      {
        timeout: 120_000,
      },
    )
    .toMatchObject({ live: { status: 'streaming' }, play: { hls: { link: expect.any(String) } } });
  const viewer = await (await browser.newContext({ baseURL: origin(ports.b) })).newPage();
  await viewer.goto(videoPath);
  const frame = viewer.frameLocator('iframe[title^="Video player"]');
  await startPlaying(frame);
  await playing(frame);
  const before = await broadcastPlayed(frame);
  expect(before).not.toBeNull();
  // What a replay is made of: the recording pieces A stored and counted in its heartbeat.
  await expect
    .poll(
      async () =>
        (await sql!`select recorded_segments from live_broadcasts where id = ${before!}`)[0]?.[
          'recorded_segments'
        ],
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);

  cluster!.a.kill('SIGKILL');
  await first.stop();
  // The load balancer sends the encoder's reconnects to the other ingest node, C, which takes it
  // once A has been silent long enough to be gone.
  keepPushing(ports.rtmpC, key);

  await expect
    .poll(() => broadcastPlayed(frame), {
      message: 'the frame follows its event to the broadcast C took over',
      timeout: 180_000,
    })
    .toBeGreaterThan(before!);
  // The viewer presses play again at once.
  await startPlaying(frame);

  // The worker makes what A recorded a replay of its own, beside the event.
  await expect
    .poll(
      async () =>
        (await listedOnB(live, 'uri,name,play.progressive')).find((video) =>
          /^Q&A with the crew \(\d{4}-\d{2}-\d{2}\)$/.test(video.name),
        ) ?? null,
      { message: 'the replay of what A recorded', timeout: 300_000, intervals: [2_000] },
    )
    .toMatchObject({ play: { progressive: [expect.anything()] } });

  // And the viewer watches the event go on.
  await playing(frame);
  await viewer.context().close();
});
