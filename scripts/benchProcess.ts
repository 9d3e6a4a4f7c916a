// What `npm run bench` reads of a process from /proc: the CPU it has spent (utime + stime of
// /proc/<pid>/stat, every thread's, the compression pool's included) and its memory (VmRSS and
// the high-water mark VmHWM of /proc/<pid>/status). Linux only, as the bench is. The server may
// run several web processes (WEB_CONCURRENCY): its figures are those of its process and every
// descendant running the same program, never the ffmpeg packagers beside them.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * utime + stime of a /proc/<pid>/stat line, in clock ticks. The command name in parentheses may
 * itself hold spaces and parentheses, so the fields are counted from its last ')'.
 */
export function statCpuTicks(stat: string): number {
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  // Fields 14 and 15 of proc(5); the state, field 3, is the first after the name.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`not a /proc/<pid>/stat line: ${stat.slice(0, 80)}`);
  return utime + stime;
}

/** A `VmRSS:   123456 kB` line of /proc/<pid>/status, in megabytes; null when the field is absent. */
export function statusMb(status: string, field: 'VmRSS' | 'VmHWM'): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** CPU milliseconds a request: what the process spent between two readings over the requests answered in between. */
export function cpuMsPerRequest(cpuMs: number, requests: number): number | null {
  return requests > 0 ? +(cpuMs / requests).toFixed(3) : null;
}

let ticks: number | undefined;

/** USER_HZ, the unit of /proc/<pid>/stat times (`getconf CLK_TCK`, 100 on nearly every Linux). */
export function clockTicksPerSecond(): number {
  if (ticks === undefined) {
    const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
    ticks = Number.isInteger(answer) && answer > 0 ? answer : 100;
  }
  return ticks;
}

/** The parent pid of a /proc/<pid>/stat line. */
export function statParentPid(stat: string): number {
  return Number(
    stat
      .slice(stat.lastIndexOf(')') + 2)
      .trim()
      .split(/\s+/)[1],
  );
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // The process ended between the listing and the read.
    return null;
  }
};

const program = (pid: number) => {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
};

/** The process and its descendants that run the same program, the server's web processes. */
export function serverProcesses(pid: number): number[] {
  const exe = program(pid);
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === null) continue;
    const parent = statParentPid(stat);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++)
    for (const child of children.get(found[i]!) ?? [])
      if (program(child) === exe) found.push(child);
  return found;
}

/** CPU milliseconds the server's processes have spent since they started. */
export function processCpuMs(pid: number): number {
  const ticks = serverProcesses(pid).reduce((sum, each) => {
    const stat = read(`/proc/${each}/stat`);
    return sum + (stat === null ? 0 : statCpuTicks(stat));
  }, 0);
  return (ticks * 1000) / clockTicksPerSecond();
}

export interface ProcessMemory {
  rssMb: number | null;
  /** The highest RSS the process has had; with several processes, the sum of theirs (at most that). */
  peakMb: number | null;
}

export function processMemory(pid: number): ProcessMemory {
  const statuses = serverProcesses(pid).flatMap((each) => read(`/proc/${each}/status`) ?? []);
  const total = (field: 'VmRSS' | 'VmHWM') => {
    const values = statuses.map((status) => statusMb(status, field));
    return values.some((value) => value === null) || values.length === 0
      ? null
      : values.reduce((sum, value) => sum! + value!, 0);
  };
  return { rssMb: total('VmRSS'), peakMb: total('VmHWM') };
}

/** Samples the process's RSS every `everyMs` until stopped; `stop` answers the highest sample. */
export function sampleRss(pid: number, everyMs = 250): { stop: () => number | null } {
  let peak: number | null = null;
  const take = () => {
    const { rssMb } = processMemory(pid);
    if (rssMb !== null && (peak === null || rssMb > peak)) peak = rssMb;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
