#!/usr/bin/env node
// `npm start`: check Node, build the site when the sources are newer than the build, then
// serve it. Plain JavaScript so that an old Node prints this message, not a syntax error.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Vitrine needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'Start it with `npm start`, which runs the Node 24 that `npm install` pinned, or install Node 24 LTS.',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server renders islands with React, whose development build is several times slower.
process.env.NODE_ENV ??= 'production';
process.chdir(root);

// Server modules are TypeScript run by Node's type stripping (flagged before Node 22.18).
if (!process.features.typescript) {
  const { status } = spawnSync(process.execPath, ['--experimental-strip-types', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const entry = path.join(path.resolve(root, process.env.VITRINE_DIST_DIR ?? 'dist'), 'server/entry.mjs');
const sources = ['src', 'i18n', 'public', 'astro.config.mjs', 'uno.config.ts', 'package.json'];

function newest(target) {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

if (process.env.VITRINE_SKIP_BUILD !== '1' && (!existsSync(entry) || newest(entry) < Math.max(...sources.map(newest)))) {
  console.log('Building the site…');
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const { status } = spawnSync(process.execPath, [astro, 'build'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

await import('../src/server/main.ts');
