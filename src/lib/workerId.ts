/**
 * A job worker's id, written into the jobs it holds: host, pid with the process's start ticks,
 * and a random part for several workers in one process. A starting worker reads it back to
 * tell the jobs of a killed worker on this host from those of a live one.
 */

export interface WorkerIdentity {
  host: string;
  pid: number;
  /** null for ids written without start ticks, or where /proc is missing. */
  startTicks: string | null;
}

export function formatWorkerId({ host, pid, startTicks }: WorkerIdentity, nonce: string): string {
  return `${host}:${pid}${startTicks === null ? '' : `.${startTicks}`}:${nonce}`;
}

export function parseWorkerId(id: string): WorkerIdentity | null {
  const match = /^(.+):(\d+)(?:\.(\d+))?:[^:]+$/.exec(id);
  if (!match) return null;
  return { host: match[1]!, pid: Number(match[2]), startTicks: match[3] ?? null };
}
