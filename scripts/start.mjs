#!/usr/bin/env node
// `npm start`: check Node, load .env, build the site when the sources are newer than the
// build, then serve it, in one process or in WEB_CONCURRENCY of them (src/server/cluster/). Everything it prints is a pino JSON line (scripts/jsonOutput.mjs).
// Plain JavaScript so that an old Node prints this message, not a syntax error.
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relayLines, routeConsole, routeWarnings } from './jsonOutput.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `Vitrine needs Node.js 22.19 or newer; this is ${process.version}.\n` +
      'Start it with `npm start`, which runs the Node 24 that `npm install` pinned, or install Node 24 LTS.',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
// Settings from .env; a variable already set in the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');
// The server renders islands with React, whose development build is several times slower.
process.env.NODE_ENV ??= 'production';

// V8 reads its flags as it starts, so the process begins again with them, keeping its pid
// (process.execve); a flag already given, on the command line or in NODE_OPTIONS, is kept.
const V8_FLAGS = [
  // The young generation's two halves may each grow to 64 MB on a machine with memory to
  // spare, and a server allocating a page a request grows them to that: 16 MB kept the server
  // 70–90 MB smaller (380 MB against 450 at start, 480–510 against 590–600 after load) for
  // the same CPU a request.
  '--max-semi-space-size=16',
  // The embedded database is PostgreSQL compiled to WebAssembly, which V8 compiles twice: at
  // once with its baseline compiler, then its busiest functions again with its optimising one.
  // The second pass took ~500 MB more memory than the whole server for the first minutes of
  // load (the server's high-water mark 1.0 GB, against 0.45 GB without it) and more CPU than
  // it saved in the first few thousand queries; warm, a query costs ~20 % more without it.
  ...(process.env.DATABASE_URL ? [] : ['--liftoff-only']),
];
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const missing = V8_FLAGS.filter(
  (flag) => !given.some((arg) => arg.split('=')[0] === flag.split('=')[0]),
);
if (missing.length > 0 && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}

// Server modules are TypeScript run by Node's type stripping (flagged before Node 22.18).
if (!process.features.typescript) {
  const { status } = spawnSync(
    process.execPath,
    ['--experimental-strip-types', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(status ?? 1);
}

const loggerReady = import('../src/server/logger.ts').then((module) => module.logger);
routeWarnings(loggerReady);
const logger = await loggerReady;
routeConsole(logger);
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  process.exit(1);
});

const entry = path.join(
  path.resolve(root, process.env.VITRINE_DIST_DIR ?? 'dist'),
  'server/entry.mjs',
);
const sources = [
  'src',
  'i18n',
  'content',
  'public',
  'astro.config.mjs',
  'uno.config.ts',
  'package.json',
];

function newest(target) {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(
    info.mtimeMs,
    ...readdirSync(target).map((name) => newest(path.join(target, name))),
  );
}

/** `astro build`, its output relayed as log lines; resolves with its exit code. */
async function build() {
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [astro, 'build'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ASTRO_TELEMETRY_DISABLED: '1', ...process.env, NO_COLOR: '1' },
  });
  const log = logger.child({ source: 'build' });
  const exited = new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  await Promise.all([relayLines(child.stdout, log, 'info'), relayLines(child.stderr, log, 'warn')]);
  return exited;
}

// A web process of several (src/server/cluster/primary.ts) runs the build its primary checked.
if (
  cluster.isPrimary &&
  process.env.VITRINE_SKIP_BUILD !== '1' &&
  (!existsSync(entry) || newest(entry) < Math.max(...sources.map(newest)))
) {
  logger.info('building the site');
  const started = Date.now();
  const status = await build();
  if (status !== 0) {
    logger.fatal({ status }, 'the build failed');
    process.exit(status);
  }
  logger.info({ ms: Date.now() - started }, 'the site is built');
}

try {
  const { webProcesses } = await import('../src/server/cluster/webProcesses.ts');
  const count = cluster.isPrimary ? webProcesses().count : 1;
  if (count > 1) (await import('../src/server/cluster/primary.ts')).runPrimary(count);
  else await import('../src/server/main.ts');
} catch (err) {
  logger.fatal({ err }, 'the server could not start');
  process.exit(1);
}
