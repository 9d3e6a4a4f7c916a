import { describe, expect, it } from 'vitest';
import {
  busyMessage,
  isSameProcess,
  lockIsHeld,
  parseLockHolder,
  startTicksOf,
  type LockHolder,
} from './dataDirLock.ts';

const holder: LockHolder = {
  pid: 4242,
  startTicks: '1234567',
  hostname: 'box',
  command: 'node scripts/start.mjs',
  port: 4321,
  startedAt: '2025-01-02T03:04:05.000Z',
};

describe('startTicksOf', () => {
  it('reads field 22 of /proc/<pid>/stat, even when the command name holds spaces and parentheses', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    fields[19] = '98765';
    expect(startTicksOf(`123 (node (x) y) ${fields.join(' ')}`)).toBe('98765');
  });

  it('is null for text that is not a stat line', () => {
    expect(startTicksOf('')).toBeNull();
    expect(startTicksOf('123 (node) S 1')).toBeNull();
  });
});

describe('parseLockHolder', () => {
  it('reads back what a process wrote', () => {
    expect(parseLockHolder(JSON.stringify(holder))).toEqual(holder);
  });

  it('is null for an empty or foreign file, which is then taken over', () => {
    expect(parseLockHolder('')).toBeNull();
    expect(parseLockHolder('{"pid":"12"}')).toBeNull();
    expect(parseLockHolder('not json')).toBeNull();
  });
});

describe('lockIsHeld', () => {
  const here = { hostname: 'box', exists: true, startTicks: '1234567' };

  it('holds while the process that wrote it runs', () => {
    expect(lockIsHeld(holder, here)).toBe(true);
  });

  it('is stale once that pid is gone', () => {
    expect(lockIsHeld(holder, { ...here, exists: false, startTicks: null })).toBe(false);
  });

  it('is stale when the pid now belongs to a process started later', () => {
    expect(lockIsHeld(holder, { ...here, startTicks: '7654321' })).toBe(false);
  });

  it('counts as held when written on another machine, which cannot be checked from here', () => {
    expect(lockIsHeld(holder, { hostname: 'other', exists: false, startTicks: null })).toBe(true);
  });

  it('trusts the pid alone where start times are unknown', () => {
    expect(isSameProcess(null, { ...here, startTicks: null })).toBe(true);
  });
});

describe('busyMessage', () => {
  it('names the process, its command and port, and what to do', () => {
    expect(busyMessage('/srv/vitrine/.data', holder)).toBe(
      'The data folder /srv/vitrine/.data is in use by process 4242 on box (node scripts/start.mjs, port 4321, since 2025-01-02T03:04:05.000Z). ' +
        'The embedded database allows one process at a time: stop that process first, or set DATABASE_URL to share a PostgreSQL database.',
    );
  });
});
