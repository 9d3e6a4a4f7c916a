/** The ingest CLI as a person runs it: one clear line and a non-zero exit on a refusal. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-ingest-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function ingest(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/ingest.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('npm run ingest', () => {
  it('shows the usage when no file is given', () => {
    expect(ingest()).toMatchObject({ status: 1, stderr: 'ingest: Usage: npm run ingest -- <file> [--album <showcase id>] [--owner <email>]\n' });
  });

  it('refuses an album that is not a showcase id', () => {
    expect(ingest('film.mp4', '--album', 'nine')).toMatchObject({ status: 1, stderr: 'ingest: --album must be a showcase id, got "nine"\n' });
  });

  it('names a missing file without a stack trace', () => {
    const missing = path.join(dataDir, 'missing.mp4');
    expect(ingest(missing)).toMatchObject({ status: 1, stderr: `ingest: No file at ${missing}\n`, stdout: '' });
  });
});
