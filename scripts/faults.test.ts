/**
 * Faults with real processes: a process killed with SIGKILL in the middle of a database write
 * or of a transcode. Nothing it had acknowledged is lost, the embedded database opens again,
 * the interrupted job is taken up by the next worker and finishes, and neither an ffmpeg nor
 * a scratch folder is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/server/db/testDatabase.ts';

const { dataDir } = await useTestDatabase('faults');

const { closeDb, getDb } = await import('../src/server/db/client.ts');
const schema = await import('../src/server/db/schema.ts');
const { eq, inArray } = await import('drizzle-orm');
const { generateTestPattern } = await import('../src/server/media/testPattern.ts');

const usesPglite = !process.env['DATABASE_URL'];
const clip = path.join(dataDir, 'interrupted.mp4');
const running: ChildProcess[] = [];

beforeAll(async () => {
  await (await getDb()).insert(schema.users).values({ email: 'owner@vitrine.test', name: 'Owner' });
  await generateTestPattern(clip, {
    durationSeconds: 20,
    width: 640,
    height: 360,
    fps: 24,
    style: 'motion',
  });
  // The children below need the embedded database to themselves.
  await closeDb();
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** A script of this project in a process of its own, on the test's data folder, its stdout read line by line. */
function script(file: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  const lines = createInterface({ input: child.stdout! });
  /** Resolves with the first line (from now on) that `test` accepts. */
  const lineMatching = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const onLine = (line: string) => {
        if (!test(line)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`${file} exited with ${code} first`)));
    });
  return { child, lines, lineMatching };
}

async function killHard(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

/** Pids of the live processes whose command line mentions `text` (a zombie has ended). */
function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(')') + 2] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // It ended while being looked at.
    }
  }
  return found;
}

/** The ffmpeg this process runs, once it runs one. */
async function ffmpegChildOf(pid: number): Promise<number> {
  for (;;) {
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
      .split(/\s+/)
      .filter(Boolean);
    for (const child of children) {
      const command = await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
      if (command.split('\0')[0]!.endsWith('ffmpeg')) return Number(child);
    }
    await sleep(20);
  }
}

const scratchFolders = () =>
  existsSync(path.join(dataDir, 'tmp')) ? readdirSync(path.join(dataDir, 'tmp')) : [];

describe.runIf(process.platform === 'linux')('a process killed with SIGKILL', () => {
  it(
    'loses no row whose write was acknowledged, and the database opens again',
    { timeout: 120_000 },
    async () => {
      const writer = script('scripts/faults/writeJobs.ts');
      const acknowledged: number[] = [];
      writer.lines.on('line', (line) => acknowledged.push(Number(line)));
      await writer.lineMatching(() => acknowledged.length >= 200);
      await killHard(writer.child);
      if (usesPglite) expect(existsSync(path.join(dataDir, 'vitrine.lock'))).toBe(true);

      // The lock left by the killed writer is taken over; the data it acknowledged is all there.
      const db = await getDb();
      const stored = await db
        .select({ id: schema.jobs.id })
        .from(schema.jobs)
        .where(inArray(schema.jobs.id, acknowledged));
      expect(stored.length).toBe(acknowledged.length);
      await closeDb();
    },
  );

  it(
    'in the middle of a transcode leaves no ffmpeg running, and the next worker finishes the job',
    { timeout: 300_000 },
    async () => {
      const ingest = script('scripts/ingest.ts', [clip]);
      const created = await ingest.lineMatching((line) => line.includes('transcode job'));
      const [, videoId, jobId] = /video (\d+) created, transcode job (\d+) queued/
        .exec(created)!
        .map(Number);
      const ffmpeg = await ffmpegChildOf(ingest.child.pid!);
      expect(scratchFolders()).toHaveLength(1);

      await killHard(ingest.child);
      // The kernel ends the ffmpeg with its parent; polled until it has (or the test times out).
      while (processesMentioning(dataDir).includes(ffmpeg)) await sleep(50);

      const worker = script('scripts/worker.ts', [], { LOG_LEVEL: 'info' });
      await worker.lineMatching((line) => line.includes('"msg":"ready:'));
      worker.child.kill('SIGTERM');
      const [code] = await once(worker.child, 'exit');
      expect(code).toBe(0);

      expect(processesMentioning(dataDir)).toEqual([]);
      expect(scratchFolders()).toEqual([]);
      const db = await getDb();
      const [video] = await db.select().from(schema.videos).where(eq(schema.videos.id, videoId!));
      const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, jobId!));
      expect(video).toMatchObject({ status: 'ready', duration: 20 });
      expect(job).toMatchObject({ status: 'done', lockedBy: null });
    },
  );
});
