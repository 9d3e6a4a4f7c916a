/**
 * One process at a time on the embedded database: PGlite in two processes on one folder
 * corrupts it. The first process to open it writes DATA_DIR/vitrine.lock (pid, command,
 * port), created atomically; any other one is refused at once with that process named. A
 * lock left by a crash (its pid gone, or reused by a program started later) is taken over.
 * With DATABASE_URL there is no lock: PostgreSQL serves any number of processes.
 */
import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  busyMessage,
  isSameProcess,
  lockIsHeld,
  parseLockHolder,
  startTicksOf,
  type LockHolder,
  type ProcessSighting,
} from '../../lib/dataDirLock.ts';

export const LOCK_FILE = 'vitrine.lock';
/** Taken (mkdir is atomic) while a stale lock is removed, so two processes never both take over. */
const TAKEOVER_DIR = 'vitrine.lock.takeover';
/** A takeover folder older than this was left by a process that died in the middle of one. */
const TAKEOVER_STALE_MS = 10_000;

export class DataDirBusyError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(busyMessage(dataDir, holder));
    this.name = 'DataDirBusyError';
    this.holder = holder;
  }
}

/** The start ticks of a process on this machine, null where /proc cannot tell. */
export function processStartTicks(pid: number): string | null {
  try {
    return startTicksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

function sight(pid: number): ProcessSighting {
  let exists = true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user.
    exists = (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return { hostname: hostname(), exists, startTicks: exists ? processStartTicks(pid) : null };
}

/** Whether `pid` runs here and, when its start ticks are known, is still that same process. */
export function processIsAlive(pid: number, startTicks: string | null): boolean {
  return isSameProcess(startTicks, sight(pid));
}

/** `node scripts/ingest.ts film.mp4`: how an operator would recognise the process. */
function commandLine(): string {
  const [script, ...args] = process.argv.slice(1);
  const shown = script ? path.relative(process.cwd(), script) || script : '';
  return ['node', shown, ...args].filter(Boolean).join(' ').slice(0, 300);
}

interface LockState {
  file: string;
  me: LockHolder;
}

// The start script and the Astro bundle load this module separately; the lock is the process's.
const KEY = Symbol.for('vitrine.dataDirLock');
const shared = globalThis as {
  [KEY]?: { held: LockState | null; port: number | null; exitHook: boolean };
};
const state = (shared[KEY] ??= { held: null, port: null, exitHook: false });

function isMine(holder: LockHolder | null): boolean {
  return (
    holder !== null &&
    holder.pid === process.pid &&
    holder.hostname === hostname() &&
    holder.startTicks === processStartTicks(process.pid)
  );
}

function readLock(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the whole lock under another name, then gives it its name: never seen half written. */
function publish(file: string, holder: LockHolder, replace: boolean): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`, { mode: 0o644 });
  try {
    // link() fails if the name exists: the atomic "create if absent".
    if (replace) renameSync(temporary, file);
    else linkSync(temporary, file);
  } finally {
    if (!replace) unlinkSync(temporary);
  }
}

/** Removes the stale lock `seen`, unless another process changed it meanwhile. */
async function removeStale(file: string, seen: string): Promise<void> {
  const gate = path.join(path.dirname(file), TAKEOVER_DIR);
  try {
    mkdirSync(gate);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (statSync(gate, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) rmSync(gate, { recursive: true, force: true });
    else await sleep(50);
    return;
  }
  try {
    if (readLock(file) === seen) unlinkSync(file);
  } finally {
    rmdirSync(gate);
  }
}

/**
 * Takes the data folder for this process, or throws DataDirBusyError naming the process
 * that has it. Taking it again in the same process is a no-op.
 */
export async function acquireDataDirLock(dataDir: string): Promise<void> {
  const file = path.join(dataDir, LOCK_FILE);
  if (state.held?.file === file) return;
  mkdirSync(dataDir, { recursive: true });
  const base = {
    pid: process.pid,
    startTicks: processStartTicks(process.pid),
    hostname: hostname(),
    command: commandLine(),
    startedAt: new Date().toISOString(),
  };
  let me: LockHolder;
  for (;;) {
    // The port may have come in while a stale lock was being removed.
    me = { ...base, port: state.port };
    try {
      publish(file, me, false);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = readLock(file);
    if (text === null) continue;
    const holder = parseLockHolder(text);
    if (isMine(holder)) break;
    if (holder && lockIsHeld(holder, sight(holder.pid)))
      throw new DataDirBusyError(dataDir, holder);
    // A crash's leftover (or a file that is not a lock at all): take it over.
    await removeStale(file, text);
  }
  state.held = { file, me };
  if (!state.exitHook) {
    state.exitHook = true;
    // process.exit() without closing the database still frees the folder.
    process.on('exit', releaseDataDirLock);
  }
}

/** Frees the data folder if this process holds it. */
export function releaseDataDirLock(): void {
  const held = state.held;
  if (!held) return;
  state.held = null;
  try {
    if (isMine(parseLockHolder(readLock(held.file) ?? ''))) unlinkSync(held.file);
  } catch {
    // Already gone, or the folder went read-only: the next process sees a dead pid.
  }
}

/** A server tells the lock its port once it listens, so a refused process can name it. */
export function recordServerPort(port: number): void {
  state.port = port;
  const held = state.held;
  if (!held) return;
  held.me = { ...held.me, port };
  publish(held.file, held.me, true);
}

/** The live process holding the data folder, null when it is free or the lock is stale. */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const holder = parseLockHolder(readLock(path.join(dataDir, LOCK_FILE)) ?? '');
  if (!holder || isMine(holder)) return null;
  return lockIsHeld(holder, sight(holder.pid)) ? holder : null;
}
