import { describe, expect, it } from 'vitest';
import { afterFailure, attemptsLeft, backoffMs, type RetryPolicy } from './jobState.ts';

const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 3000 };
const now = new Date('2026-03-01T12:00:00Z');

describe('retries', () => {
  it('doubles the wait after each failure, up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, policy))).toEqual([1000, 2000, 3000, 3000]);
  });

  it('queues the job again later while attempts remain', () => {
    expect(afterFailure(1, now, policy)).toEqual({
      status: 'queued',
      runAt: new Date(now.getTime() + 1000),
    });
    expect(afterFailure(2, now, policy)).toEqual({
      status: 'queued',
      runAt: new Date(now.getTime() + 2000),
    });
  });

  it('fails the job after the last attempt', () => {
    expect(afterFailure(3, now, policy)).toEqual({ status: 'failed' });
  });

  it('fails a job taken over from dead workers once every attempt is used', () => {
    expect(attemptsLeft(3, policy)).toBe(true);
    expect(attemptsLeft(4, policy)).toBe(false);
  });
});
