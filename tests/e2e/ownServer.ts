/**
 * A Vitrine server of a test's own: its own port and data folder (PGlite), started from the
 * built bundle as an operator would, for specs whose state must not touch the shared server's
 * (a deployment behind a proxy, live broadcasts that end events); and a worker beside servers
 * on a database of the test's own (`npm run worker`).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServerOptions {
  port: number;
  publicUrl?: string;
  dataDir: string;
  /** Set last: a DATABASE_URL or REDIS_URL here is the test's own (the run's are never passed on). */
  env?: NodeJS.ProcessEnv;
  /**
   * false: start as an operator does (scripts/start.mjs), which seeds only a database without
   * accounts: one another node already seeded, or an empty one that nodes started together share.
   */
  seed?: boolean;
  /** A file that takes all the process writes (its log), for a test to read when it fails. */
  log?: string;
}

/**
 * The environment of a process of a test's own: the run's, less its database and Redis (a
 * DATABASE_URL or REDIS_URL in `extra` is the test's own), on loopback, without live ingest
 * unless `extra` gives RTMP_PORT.
 */
function ownEnv(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'RATE_LIMIT_STORE']) delete inherited[name];
  return {
    ...inherited,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MEDIA_CACHE_DIR: '.data/cache',
    RTMP_PORT: 'off',
    ...extra,
  };
}

/** Where a process's output goes: all of it to `log`, else only stderr, kept for a start that fails. */
function outputTo(log: string | undefined): { stdio: StdioOptions; close(): void } {
  if (!log) return { stdio: ['ignore', 'ignore', 'pipe'], close: () => {} };
  const file = openSync(log, 'w');
  return { stdio: ['ignore', file, file], close: () => closeSync(file) };
}

/** Says, once `child` has stopped, how it ended and what it last wrote (stderr, or its log). */
function watchExit(child: ChildProcess, what: string, log?: string): () => string | undefined {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  let stopped: string | undefined;
  child.once('exit', (code, signal) => {
    const written = log ? readFileSync(log, 'utf8').slice(-4000) : errors;
    stopped = `${what} stopped (${code ?? signal}): ${written}`;
  });
  return () => stopped;
}

/**
 * A freshly seeded server started as tests/e2e/serve.mjs starts the main one, on its own
 * embedded database (unless `env` names a database of the test's own; never the run's
 * DATABASE_URL) and in-memory rate limits; resolves once /healthz answers 200.
 */
export async function startVitrine({
  port,
  publicUrl,
  dataDir,
  env: extra = {},
  seed = true,
  log,
}: OwnServerOptions): Promise<ChildProcess> {
  const env = ownEnv(dataDir, {
    PORT: String(port),
    TRUST_PROXY: 'loopback',
    VITRINE_SKIP_BUILD: '1',
    WORKER: 'off',
    // PORT+1 may be taken: a test that reads the API origin names its port in `env`.
    API_PORT: 'off',
    // One process, as on the embedded database, whatever the database: a test asks for more in `env`.
    WEB_CONCURRENCY: '1',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    ...extra,
  });
  const output = outputTo(log);
  const server = spawn(process.execPath, [seed ? 'tests/e2e/serve.mjs' : 'scripts/start.mjs'], {
    env,
    stdio: output.stdio,
  });
  output.close();
  const stopped = watchExit(server, 'the server', log);
  while (stopped() === undefined) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(stopped());
}

export interface OwnWorkerOptions {
  dataDir: string;
  /** Its live ingest's port: taking connections there says the worker is up. */
  rtmpPort: number;
  /** Set last; it names the test's own DATABASE_URL (a worker needs PostgreSQL). */
  env: NodeJS.ProcessEnv;
  /** A file that takes all the worker writes (its log). */
  log?: string;
}

/** Whether something takes connections on `port` of loopback. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2_000, () => socket.destroy());
    socket.once('connect', () => {
      resolve(true);
      socket.end();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/**
 * `npm run worker` with live ingest: resolves once its ingest takes connections, which it opens
 * after migrating and starting its job worker (scripts/worker.ts).
 */
export async function startWorker({
  dataDir,
  rtmpPort,
  env,
  log,
}: OwnWorkerOptions): Promise<ChildProcess> {
  const output = outputTo(log);
  const worker = spawn(process.execPath, ['scripts/worker.ts'], {
    env: ownEnv(dataDir, { RTMP_PORT: String(rtmpPort), ...env }),
    stdio: output.stdio,
  });
  output.close();
  const stopped = watchExit(worker, 'the worker', log);
  while (stopped() === undefined) {
    if (await listening(rtmpPort)) return worker;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(stopped());
}

/** How the server ended, or null while it runs: a code, or the signal that killed it (its code is then null). */
export function exitOf(server: ChildProcess): string | null {
  if (server.signalCode !== null) return server.signalCode;
  return server.exitCode === null ? null : `code ${server.exitCode}`;
}

/** Stops the server the way an operator does (SIGTERM) and waits until it has exited. */
export async function stopVitrine(server: ChildProcess): Promise<void> {
  if (exitOf(server) !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
