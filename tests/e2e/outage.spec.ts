import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { expect, test } from './fixtures.ts';
import { exitOf, freePort, stopVitrine } from './ownServer.ts';
import { startTcpProxy, type TcpProxy } from './tcpProxy.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

/**
 * A database outage (PostgreSQL restarting, a failover, a database taken offline with
 * ALLOW_CONNECTIONS false): while the connection is cut or refused every request that needs
 * the database answers 503 with Retry-After, the error screen for a browser (read without the
 * database, as to an anonymous viewer) and JSON for the API, never 500; nothing the server
 * confirmed is lost; and once the database is back the same server answers again by itself.
 * The server runs on a throwaway database behind a TCP proxy this test cuts and restores.
 */

const POSTGRES = { host: '127.0.0.1', port: 5432 };
const admin = `postgres://postgres@${POSTGRES.host}:${POSTGRES.port}/postgres`;
const database = `vitrine_outage_${process.pid}_${Date.now()}`;
const email = 'outage@vitrine.test';
const password = 'outage-password';

async function postgresReachable(): Promise<boolean> {
  const sql = postgres(admin, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

let proxy: TcpProxy;
let server: ChildProcess;
let origin: string;
let dataDir: string;
/** The server's own log: what a failure is read by. */
let serverLog: string;
const reachable = await postgresReachable();

test.describe('a database outage', () => {
  test.skip(!reachable, `no PostgreSQL at ${POSTGRES.host}:${POSTGRES.port} (trust auth) to cut`);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${database}`);
    await sql.end();
    proxy = await startTcpProxy(POSTGRES);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-outage-'));
    serverLog = path.join(dataDir, 'server.log');
    const log = openSync(serverLog, 'a');
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${database}`,
        SEED_DEMO: 'false',
        // One server's outage: on PostgreSQL the start script would otherwise run a process a core.
        WEB_CONCURRENCY: '1',
        WORKER: 'off',
        RTMP_PORT: 'off',
        VITRINE_SKIP_BUILD: '1',
        LOG_LEVEL: 'warn',
        // Each sign-in comes from its own address, below every sign-in limit.
        TRUST_PROXY: 'true',
      },
    });
    closeSync(log);
    // Each probe gives up after a few seconds: one held by a server still starting must not use up the wait.
    const healthy = async () =>
      (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(3_000) }).catch(() => null))
        ?.ok ?? false;
    const deadline = Date.now() + 160_000;
    while (!(await healthy())) {
      if (Date.now() > deadline)
        throw new Error(`the server behind the proxy was not healthy within 160 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const direct = postgres(`postgres://postgres@${POSTGRES.host}:${POSTGRES.port}/${database}`, {
      max: 1,
      onnotice: () => {},
    });
    await direct`insert into users (email, name, password_hash) values (${email}, 'Outage Test', ${await hashPassword(password)})`;
    await direct.end();
  });

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const tail = readFileSync(serverLog, 'utf8').split('\n').slice(-60).join('\n');
    const exit = exitOf(server);
    console.error(
      `the server ${exit === null ? 'was still running' : `exited with ${exit}`}; the end of its log:\n${tail}`,
    );
    await testInfo.attach('server log', { path: serverLog, contentType: 'text/plain' });
  });

  test.afterAll(async () => {
    if (server) await stopVitrine(server);
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${database} with (force)`);
    await sql.end();
  });

  let client = 0;
  let form: { token: string; xsrft: string } | undefined;

  /** A sign-in: a session row written, confirmed with 303 and its cookie. */
  const signIn = async () => {
    if (!form) {
      const logIn = await fetch(`${origin}/log_in`);
      form = {
        token: /name="token" value="([^"]+)"/.exec(await logIn.text())![1]!,
        xsrft: logIn.headers
          .getSetCookie()
          .find((c) => c.startsWith('xsrft='))!
          .split(';')[0]!,
      };
    }
    const response = await fetch(`${origin}/log_in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: form.xsrft,
        Origin: origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': `203.0.113.${(client++ % 250) + 1}`,
      },
      body: new URLSearchParams({ token: form.token, email, password, redirect: '/' }),
    });
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('vsid='))
      ?.split(';')[0];
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type') ?? '',
      session,
    };
  };
  const read = async (path: string, accept: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      headers: { Accept: accept, ...headers },
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  };

  test('answers 503 while the database refuses connections, to signed-in viewers too, with nothing read for the screen', async () => {
    test.setTimeout(120_000);
    // First, on connections no cut has ended mid-query: postgres.js 3.4.9 keeps the query of a
    // connection that closed under it, and then takes that connection's refusals by the server
    // for nothing and connects again until the database takes it, holding its new query.
    // One session the server has read (and keeps in memory for a while), one it never read.
    const known = (await signIn()).session!;
    const unread = (await signIn()).session!;
    expect((await read('/settings', 'text/html', { Cookie: known })).status).toBe(200);

    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    const allowConnections = (allow: boolean) =>
      sql.unsafe(`alter database ${database} allow_connections ${allow}`);
    await allowConnections(false);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database}`;
      const answers = {
        api: await read('/api/albums/2', 'application/json'),
        signedInApi: await read('/api/me/videos', 'application/json', { Cookie: unread }),
        page: await read('/showcase/2', 'text/html'),
        // The session is read from the database, which refuses: no loop back to that read.
        unread: await read('/settings', 'text/html', { Cookie: unread }),
        unreadGerman: await read('/de-DE/manage/videos', 'text/html', { Cookie: unread }),
        // The session is known, the page's own reads fail: the screen reads no account.
        known: await read('/manage/videos', 'text/html', { Cookie: known }),
        // A token is looked up in the database: the screen does not look it up again.
        token: await read('/settings', 'text/html', {
          Authorization: `Bearer vit_${'A'.repeat(43)}`,
        }),
      };
      for (const [name, answer] of Object.entries(answers))
        expect({ name, status: answer.status, retryAfter: answer.retryAfter }).toEqual({
          name,
          status: 503,
          retryAfter: expect.stringMatching(/^\d+$/),
        });
      expect(JSON.parse(answers.api.body)).toMatchObject({ error: 'Temporarily unavailable' });
      expect(JSON.parse(answers.signedInApi.body)).toMatchObject({ status: 503 });
      expect(answers.unreadGerman.body).toContain('Vorübergehend nicht verfügbar');
      // The screen, shown as to an anonymous viewer: no account menu and its sign-out form.
      for (const answer of [answers.page, answers.unread, answers.known, answers.token]) {
        expect(answer.body).toContain('Temporarily unavailable');
        expect(answer.body).not.toContain('/log_out');
      }
    } finally {
      await allowConnections(true);
      await sql.end();
    }
    await expect
      .poll(async () => (await read('/settings', 'text/html', { Cookie: unread })).status, {
        timeout: 60_000,
      })
      .toBe(200);
  });

  test('answers 503 with Retry-After while PostgreSQL is cut, loses nothing it confirmed, and recovers by itself', async () => {
    test.setTimeout(180_000);

    const confirmed: string[] = [];
    const answers: { status: number; retryAfter: string | null; type: string }[] = [];
    const keep = (answer: Awaited<ReturnType<typeof signIn>>) => {
      answers.push(answer);
      if (answer.status === 303 && answer.session) confirmed.push(answer.session);
      return answer;
    };

    // Healthy: sign-ins are confirmed.
    for (let i = 0; i < 3; i++) expect(keep(await signIn()).status).toBe(303);

    // Sign-ins keep running while the connection is cut under them.
    let running = true;
    const load = Promise.all(
      Array.from({ length: 3 }, async () => {
        while (running) keep(await signIn());
      }),
    );
    await expect.poll(() => confirmed.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    proxy.cut();
    await expect
      .poll(() => answers.filter((a) => a.status === 503).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(5);

    // While it is cut: 503 with Retry-After, the error screen in the viewer's language or JSON.
    const page = await read('/showcase/1', 'text/html');
    const german = await read('/de-DE/showcase/1', 'text/html');
    const api = await read('/api/albums/1', 'application/json');
    running = false;
    await load;
    expect(page).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      type: expect.stringContaining('text/html'),
    });
    expect(page.body).toContain('Temporarily unavailable');
    expect(german).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(german.body).toContain('Vorübergehend nicht verfügbar');
    expect(api).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      type: expect.stringContaining('application/json'),
    });
    expect(JSON.parse(api.body)).toMatchObject({ status: 503, error: 'Temporarily unavailable' });
    const cutSignIns = await signIn();
    expect(cutSignIns).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      type: expect.stringContaining('text/html'),
    });
    expect(
      answers.every((a) => a.status === 303 || (a.status === 503 && a.retryAfter !== null)),
    ).toBe(true);

    // Restored: the same server signs in again, without a restart.
    proxy.restore();
    await expect.poll(async () => (await signIn()).status, { timeout: 60_000 }).toBe(303);

    // Every session it confirmed, before and during the cut, still signs its viewer in.
    for (const session of confirmed) {
      const viewer = (await (
        await fetch(`${origin}/api/viewer`, { headers: { Cookie: session } })
      ).json()) as { userId: number | null };
      expect(viewer.userId, session).not.toBeNull();
    }
  });
});
