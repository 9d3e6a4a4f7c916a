/**
 * A Vitrine server of a test's own: its own port and data folder (PGlite), started from the
 * built bundle as an operator would, for specs whose state must not touch the shared server's
 * (a deployment behind a proxy, live broadcasts that end events).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

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
  /** false: another node of the same database already seeded it; start without seeding again. */
  seed?: boolean;
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
}: OwnServerOptions): Promise<ChildProcess> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'RATE_LIMIT_STORE']) delete inherited[name];
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    VITRINE_SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    MEDIA_CACHE_DIR: '.data/cache',
    WORKER: 'off',
    RTMP_PORT: 'off',
    // PORT+1 may be taken: a test that reads the API origin names its port in `env`.
    API_PORT: 'off',
    // One process, as on the embedded database, whatever the database: a test asks for more in `env`.
    WEB_CONCURRENCY: '1',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    ...extra,
  };
  const server = spawn(process.execPath, [seed ? 'tests/e2e/serve.mjs' : 'scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  let stopped: string | undefined;
  server.once('exit', (code) => (stopped = `the server stopped (${code}): ${errors}`));
  while (stopped === undefined) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(stopped);
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
