import { describe, expect, it } from 'vitest';
import { afterFailure, attemptsLeft, backoffMs, canTransition, leaseExpired, type RetryPolicy } from './jobState.ts';

const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 3000 };
const now = new Date('2026-03-01T12:00:00Z');

describe('job transitions', () => {
  it('runs a queued job, and ends a running one as done, failed or queued again', () => {
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('running', 'done')).toBe(true);
    expect(canTransition('running', 'failed')).toBe(true);
    expect(canTransition('running', 'queued')).toBe(true);
  });

  it('never reopens a finished job or skips running', () => {
    expect(canTransition('done', 'queued')).toBe(false);
    expect(canTransition('failed', 'running')).toBe(false);
    expect(canTransition('queued', 'done')).toBe(false);
  });

  it('lets another worker take over a running job', () => {
    expect(canTransition('running', 'running')).toBe(true);
  });
});

describe('retries', () => {
  it('doubles the wait after each failure, up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, policy))).toEqual([1000, 2000, 3000, 3000]);
  });

  it('queues the job again later while attempts remain', () => {
    expect(afterFailure(1, now, policy)).toEqual({ status: 'queued', runAt: new Date(now.getTime() + 1000) });
    expect(afterFailure(2, now, policy)).toEqual({ status: 'queued', runAt: new Date(now.getTime() + 2000) });
  });

  it('fails the job after the last attempt', () => {
    expect(afterFailure(3, now, policy)).toEqual({ status: 'failed' });
  });

  it('fails a job taken over from dead workers once every attempt is used', () => {
    expect(attemptsLeft(3, policy)).toBe(true);
    expect(attemptsLeft(4, policy)).toBe(false);
  });
});

describe('leases', () => {
  it('treats a lock older than the lease as a dead worker', () => {
    expect(leaseExpired(new Date(now.getTime() - 61_000), now, 60_000)).toBe(true);
    expect(leaseExpired(new Date(now.getTime() - 59_000), now, 60_000)).toBe(false);
    expect(leaseExpired(null, now, 60_000)).toBe(true);
  });
});
