/**
 * Several web processes on one machine (WEB_CONCURRENCY=2) on a PostgreSQL database of the
 * test's own: both answer on the one port, a write through either shows through both at once,
 * and while one process is held (as a long render holds its event loop) the other answers
 * cached pages, built files and /healthz. BENCH_ROUTES has every answer name its process.
 * Runs in CI's PostgreSQL pass; the embedded database runs one process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { ADMIN_URL, onServer } from './adminDatabase.ts';
import { DATABASE_PASS } from './databasePass.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';

const database = `vitrine_test_procs_${randomBytes(3).toString('hex')}`;
const grid = `/showcase/${showcaseId('grid')}`;
let server: ChildProcess | null = null;
let port = 0;

interface Answer {
  status: number;
  /** `web-1 4711`: the process's name and pid (src/server/cluster/processHeader.ts). */
  process: string;
  cache: string | undefined;
  body: string;
}

/** GET `path` on the server, over `agent`'s connection or a fresh one. */
function get(path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          process: String(response.headers['x-vitrine-process']),
          cache: response.headers['x-vitrine-cache'] as string | undefined,
          body,
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

interface Pinned {
  agent: Agent;
  process: string;
  pid: number;
}

/** One kept-alive connection to each web process: the cluster hands each new connection to the next free one. */
async function pinnedToEach(count: number): Promise<Pinned[]> {
  const found = new Map<string, Pinned>();
  for (let tries = 0; found.size < count && tries < 20; tries += 1) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { process: name } = await get('/healthz', agent);
    if (found.has(name)) agent.destroy();
    else found.set(name, { agent, process: name, pid: Number(name.split(' ')[1]) });
  }
  return [...found.values()];
}

async function cachedThrough(pinned: Pinned, path: string): Promise<Answer> {
  await expect
    .poll(async () => (await get(path, pinned.agent)).cache, {
      message: `${path} from ${pinned.process}'s cache`,
      timeout: 30_000,
    })
    .toBe('hit');
  return get(path, pinned.agent);
}

test.describe('several web processes', () => {
  test.skip(
    !DATABASE_PASS,
    'several processes need PostgreSQL: CI runs this in its PostgreSQL pass',
  );

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    await onServer((sql) => sql`create database ${sql(database)}`);
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${database}`;
    port = await freePort();
    const env = {
      DATABASE_URL: databaseUrl.href,
      WEB_CONCURRENCY: '2',
      BENCH_ROUTES: 'true',
      DEMO_LIVE: 'off',
    };
    server = await startVitrine({
      port,
      dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-web-processes`,
      env,
    });
  });

  test.afterAll(async () => {
    if (server) await stopVitrine(server);
    await onServer((sql) => sql`drop database if exists ${sql(database)} with (force)`);
  });

  test('answer on one port, each its own process', async () => {
    const processes = await pinnedToEach(2);
    expect(processes.map((each) => each.process.split(' ')[0]).sort()).toEqual(['web-1', 'web-2']);
    expect(new Set(processes.map((each) => each.pid)).size).toBe(2);
    for (const each of processes) expect((await get('/healthz', each.agent)).status).toBe(200);
  });

  test('show a write made through either at once through both', async ({ browser }) => {
    const processes = await pinnedToEach(2);
    const [first] = (
      await (
        await fetch(
          `http://127.0.0.1:${port}/api/albums/${showcaseId('grid')}/videos?per_page=1&fields=name`,
        )
      ).json()
    ).data as { name: string }[];
    const from = first!.name;
    for (const each of processes) expect((await cachedThrough(each, grid)).body).toContain(from);

    const to = `${from} ${randomBytes(3).toString('hex')}`;
    const page = await (
      await browser.newContext({ baseURL: `http://127.0.0.1:${port}` })
    ).newPage();
    await signIn(page, 'owner@vitrine.test');
    await page.goto(`/manage/videos?q=${encodeURIComponent(from)}`);
    await page.getByRole('link', { name: from, exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');

    for (const each of processes)
      expect((await get(grid, each.agent)).body, each.process).toContain(to);
  });

  test('answer cached pages, built files and /healthz while one of them is held', async () => {
    const [held, free] = await pinnedToEach(2);
    for (const each of [held!, free!]) await cachedThrough(each, grid);
    // A built file the grid names: a script its islands load on interaction.
    const script = /"(\/_astro\/[^"]+\.js)"/.exec((await get(grid, free!.agent)).body)![1]!;
    const paths = [grid, grid, script, script, '/healthz', '/healthz'];
    // Stopped, the process cannot take the connection it was handed last: as when a render holds its event loop.
    process.kill(held!.pid, 'SIGSTOP');
    const answered: (Answer & { path: string })[] = [];
    let pending: Promise<unknown> = Promise.resolve();
    try {
      // Each on a connection of its own; at most one of them is handed to the held process.
      pending = Promise.all(
        paths.map((path) => get(path).then((answer) => answered.push({ ...answer, path }))),
      );
      await expect.poll(() => answered.length).toBeGreaterThanOrEqual(paths.length - 1);
    } finally {
      process.kill(held!.pid, 'SIGCONT');
    }
    await pending;
    const whileHeld = answered.slice(0, paths.length - 1);
    expect(
      whileHeld.every((answer) => answer.status === 200 && answer.process === free!.process),
    ).toBe(true);
    expect(new Set(whileHeld.map((answer) => answer.path))).toEqual(new Set(paths));
    expect(
      whileHeld.filter((answer) => answer.path === grid).every((answer) => answer.cache === 'hit'),
    ).toBe(true);
  });
});
