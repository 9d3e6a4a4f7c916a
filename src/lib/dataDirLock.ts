/**
 * The rules of the data folder's lock (src/server/db/dataDirLock.ts): what the lock file
 * holds, whether its holder is still the process that wrote it, and the refusal a second
 * process prints. Pure logic; the server side reads /proc and the file system.
 */

export interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), so a reused pid is told apart; null where /proc is missing. */
  startTicks: string | null;
  hostname: string;
  command: string;
  /** The port a server listens on; null for scripts (seed, worker, ingest). */
  port: number | null;
  startedAt: string;
}

/**
 * Field 22 of /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself
 * hold spaces and parentheses, so fields are counted after its last ')'.
 */
export function startTicksOf(stat: string): string | null {
  const end = stat.lastIndexOf(')');
  if (end < 0) return null;
  // After ')' come field 3 (state) onwards: field 22 is the 20th of them.
  const value = stat
    .slice(end + 1)
    .trim()
    .split(/\s+/)[19];
  return value !== undefined && /^\d+$/.test(value) ? value : null;
}

export function parseLockHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0)
      return null;
    return {
      pid: value.pid,
      startTicks: typeof value.startTicks === 'string' ? value.startTicks : null,
      hostname: typeof value.hostname === 'string' ? value.hostname : '',
      command: typeof value.command === 'string' ? value.command : '',
      port: typeof value.port === 'number' ? value.port : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    };
  } catch {
    return null;
  }
}

/** What is known of the process a lock names, as seen from this machine. */
export interface ProcessSighting {
  hostname: string;
  /** Whether a process with the lock's pid exists here. */
  exists: boolean;
  /** That process's start ticks, null when unknown. */
  startTicks: string | null;
}

/**
 * Whether the lock still belongs to a running process. A lock written on another machine
 * (a data folder on a network share) cannot be checked and counts as held; a pid that is
 * gone, or taken by a process started at another time, is a crash's leftover.
 */
export function lockIsHeld(holder: LockHolder, seen: ProcessSighting): boolean {
  if (holder.hostname && holder.hostname !== seen.hostname) return true;
  return isSameProcess(holder.startTicks, seen);
}

/** Whether the process seen is the one that started at `startTicks` (unknown ticks: any process with its pid). */
export function isSameProcess(startTicks: string | null, seen: ProcessSighting): boolean {
  if (!seen.exists) return false;
  if (startTicks !== null && seen.startTicks !== null) return startTicks === seen.startTicks;
  return true;
}

/** The one line a refused process prints: who has the data folder and what to do instead. */
export function busyMessage(dataDir: string, holder: LockHolder): string {
  const where = holder.port === null ? '' : `, port ${holder.port}`;
  const host = holder.hostname ? ` on ${holder.hostname}` : '';
  const command = holder.command || 'unknown command';
  const since = holder.startedAt || 'an unknown time';
  return (
    `The data folder ${dataDir} is in use by process ${holder.pid}${host} ` +
    `(${command}${where}, since ${since}). ` +
    'The embedded database allows one process at a time: stop that process first, ' +
    'or set DATABASE_URL to share a PostgreSQL database.'
  );
}
