#!/usr/bin/env node
// `npm test`: formatting, type check, lint, unused code (knip), unit tests, build, then the
// end-to-end suite in Chromium with axe-core. Stops at the first failing step and exits with its code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveChromium } from '../tests/e2e/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules/.bin');
const env = {
  ...process.env,
  // The pinned Node runs every tool, whatever node is first on the machine's PATH.
  PATH: `${bin}${path.delimiter}${process.env.PATH}`,
  ASTRO_TELEMETRY_DISABLED: '1',
  CHROMIUM_PATH: await resolveChromium(),
};

const only = process.argv.slice(2);
const steps = [
  ['format', 'prettier', ['--check', '.']],
  ['typecheck', 'astro', ['check']],
  ['lint', 'eslint', ['.']],
  ['unused', 'knip', []],
  ['unit', 'vitest', ['run']],
  ['build', 'astro', ['build']],
  ['e2e', 'playwright', ['test']],
];

for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(path.join(bin, command), args, { stdio: 'inherit', env, cwd: root });
  if (status !== 0) {
    console.error(`✗ ${name} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
