/** The ingest CLI as a person runs it: one clear line and a non-zero exit on a refusal. */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTicksOf } from '../src/lib/dataDirLock.ts';
import { closeDb } from '../src/server/db/client.ts';
import { useTestDatabase } from '../src/server/db/testDatabase.ts';

const { dataDir } = await useTestDatabase('ingest-cli');
// The CLI opens the database itself: an embedded one must not be open twice.
await closeDb();

function readStartTicks(pid: number): string | null {
  try {
    return startTicksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

function ingest(...args: string[]) {
  // Its DATA_DIR and DATABASE_URL are this file's own, from the environment.
  const run = spawnSync(process.execPath, ['scripts/ingest.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('npm run ingest', () => {
  it('shows the usage when no file is given', () => {
    expect(ingest()).toMatchObject({
      status: 1,
      stderr: 'ingest: Usage: npm run ingest -- <file> [--album <showcase id>] [--owner <email>]\n',
    });
  });

  it('refuses an album that is not a showcase id', () => {
    expect(ingest('film.mp4', '--album', 'nine')).toMatchObject({
      status: 1,
      stderr: 'ingest: --album must be a showcase id, got "nine"\n',
    });
  });

  it.skipIf(process.env['DATABASE_URL'])(
    'refuses at once, naming it, when another process that is not a server has the embedded database',
    async () => {
      // A stand-in for `npm run worker`: a live process recorded in the data folder's lock.
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      try {
        const startTicks = readStartTicks(other.pid!);
        writeFileSync(
          path.join(dataDir, 'vitrine.lock'),
          JSON.stringify({
            pid: other.pid,
            startTicks,
            hostname: hostname(),
            command: 'node scripts/worker.ts',
            port: null,
            startedAt: '2025-01-01T00:00:00.000Z',
          }),
        );
        const run = ingest(path.join(dataDir, 'film.mp4'));
        expect(run.status).toBe(1);
        expect(run.stderr).toBe(
          `ingest: The data folder ${dataDir} is in use by process ${other.pid} on ${hostname()} (node scripts/worker.ts, since 2025-01-01T00:00:00.000Z). ` +
            'The embedded database allows one process at a time: stop that process first, or set DATABASE_URL to share a PostgreSQL database.\n',
        );
      } finally {
        other.kill('SIGKILL');
        await once(other, 'exit');
      }
    },
  );

  it('names a missing file without a stack trace', () => {
    const missing = path.join(dataDir, 'missing.mp4');
    expect(ingest(missing)).toMatchObject({
      status: 1,
      stderr: `ingest: No file at ${missing}\n`,
      stdout: '',
    });
  });
});
