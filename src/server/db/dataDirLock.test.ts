/** The data folder's lock between real processes: refusal, a crash's leftover, a race to take it over. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirBusyError,
  LOCK_FILE,
  releaseDataDirLock,
} from './dataDirLock.ts';

const lockModule = path.resolve('src/server/db/dataDirLock.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  releaseDataDirLock();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that tries to take the folder, prints "held" or "busy", and stays alive. */
function contender(dir: string): { child: ChildProcess; answer: Promise<string> } {
  const code = `
    import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
    try {
      await acquireDataDirLock(${JSON.stringify(dir)});
      console.log('held');
    } catch (error) {
      console.log(error.name === 'DataDirBusyError' ? 'busy' : String(error));
    }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  child.stdout!.setEncoding('utf8');
  const answer = once(child.stdout!, 'data').then(([line]) => String(line).trim());
  return { child, answer };
}

const lockOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; command: string };

describe('the data folder lock', () => {
  it('refuses a second process at once, naming the one that has the folder', async () => {
    const dir = dataDir();
    const first = contender(dir);
    expect(await first.answer).toBe('held');
    const refusal = await acquireDataDirLock(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirBusyError);
    expect((refusal as DataDirBusyError).holder.pid).toBe(first.child.pid);
    expect((refusal as Error).message).toContain(
      `in use by process ${first.child.pid} on ${hostname()} (node`,
    );
  });

  it('is taken over from a process killed with SIGKILL', async () => {
    const dir = dataDir();
    const first = contender(dir);
    expect(await first.answer).toBe('held');
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    await acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    releaseDataDirLock();
    expect(() => readFileSync(path.join(dir, LOCK_FILE))).toThrow(/ENOENT/);
  });

  it('is taken over when its pid now runs another program', async () => {
    const dir = dataDir();
    const other = contender(dataDir());
    await other.answer;
    // The pid is alive, but it started at another time than the one the lock recorded.
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({
        pid: other.child.pid,
        startTicks: '1',
        hostname: hostname(),
        command: 'node scripts/start.mjs',
        port: 4321,
        startedAt: '',
      }),
    );
    await acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
  });

  it('goes to exactly one of several processes taking over a stale lock at once', async () => {
    const dir = dataDir();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({
        pid: 2 ** 22 + 1,
        startTicks: '1',
        hostname: hostname(),
        command: 'node scripts/worker.ts',
        port: null,
        startedAt: '',
      }),
    );
    const answers = await Promise.all([
      contender(dir).answer,
      contender(dir).answer,
      contender(dir).answer,
    ]);
    expect(answers.sort()).toEqual(['busy', 'busy', 'held']);
  });
});
