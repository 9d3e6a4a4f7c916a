import { describe, expect, it } from 'vitest';
import { cpuMsPerRequest, statCpuTicks, statParentPid, statusMb } from './benchProcess.ts';

// A real line's shape (proc(5)): pid, (comm), state, ppid, … utime is field 14, stime 15.
const stat = (comm: string) =>
  `4242 (${comm}) S 4200 4242 4200 0 -1 4194560 52311 0 12 0 1801 397 0 0 20 0 11 0 123456 ` +
  '1234567890 45678 18446744073709551615 1 1 0 0 0 0 0 16781312 17002 0 0 0 17 1 0 0 0 0 0';

describe('the CPU a process has spent, from /proc/<pid>/stat', () => {
  it('adds user and system time, in clock ticks', () => {
    expect(statCpuTicks(stat('node'))).toBe(1801 + 397);
  });

  it('is not misled by a command name with spaces and parentheses', () => {
    expect(statCpuTicks(stat('node (worker) 2'))).toBe(2198);
    expect(statCpuTicks(stat(') S 1 2 3 4 5 6 7 8 9 10 11 12 13'))).toBe(2198);
  });

  it('reads the parent, by which the server’s other web processes are found', () => {
    expect(statParentPid(stat('node (worker) 2'))).toBe(4200);
  });

  it('refuses a line that is not a stat line rather than reading a wrong figure', () => {
    expect(() => statCpuTicks('4242 (node)')).toThrow();
  });
});

describe('memory, from /proc/<pid>/status', () => {
  const status =
    'Name:\tnode\nVmPeak:\t 1300000 kB\nVmHWM:\t  524288 kB\nVmRSS:\t  262144 kB\nThreads:\t11\n';

  it('reads the resident set and its high-water mark in megabytes', () => {
    expect(statusMb(status, 'VmRSS')).toBe(256);
    expect(statusMb(status, 'VmHWM')).toBe(512);
  });

  it('answers null for a process without memory (a kernel thread)', () => {
    expect(statusMb('Name:\tkthreadd\nThreads:\t1\n', 'VmRSS')).toBeNull();
  });
});

describe('CPU a request', () => {
  it('is the CPU spent over the requests answered, with nothing to divide by when none were', () => {
    expect(cpuMsPerRequest(1500, 1000)).toBe(1.5);
    expect(cpuMsPerRequest(20, 0)).toBeNull();
  });
});
