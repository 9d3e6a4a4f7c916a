/**
 * The limiter on the memory store, with a fake clock (the memory store reads Date.now and
 * expires records with setTimeout, both of which vi.useFakeTimers controls), and the choice
 * of store from the settings.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from './limits.ts';
import {
  backendFromEnv,
  closeRateLimiters,
  consume,
  createRateLimiters,
  rateLimiters,
  retryAfterSeconds,
} from './rateLimiter.ts';
import type { RateLimiters } from './rateLimiter.ts';
import { parseConfig } from '../config.ts';

const MIN = 60_000;

describe('LIMITS', () => {
  it('are whole, positive numbers the Redis store can count', () => {
    for (const [name, spec] of Object.entries(LIMITS)) {
      expect(Number.isInteger(spec.points) && spec.points > 0, name).toBe(true);
      expect(Number.isInteger(spec.duration) && spec.duration > 0, name).toBe(true);
      expect(Number.isInteger(spec.blockDuration) && spec.blockDuration >= 0, name).toBe(true);
    }
  });

  it('hold the numbers of the product', () => {
    expect(LIMITS.passwordPerClient).toEqual({ points: 10, duration: 900, blockDuration: 900 });
    expect(LIMITS.passwordPerShowcase).toMatchObject({ points: 50, duration: 3600 });
    expect(LIMITS.signInPerAccount).toMatchObject({ points: 10, duration: 900 });
    expect(LIMITS.signInPerClient).toMatchObject({ points: 100, duration: 3600 });
    expect(LIMITS.shareEmail).toMatchObject({ points: 20, duration: 3600 });
  });
});

describe('memory store', () => {
  let limiters: RateLimiters;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    limiters = createRateLimiters({ kind: 'memory' });
  });

  afterEach(async () => {
    await limiters.close();
    vi.useRealTimers();
  });

  const hits = async (n: number, run: () => Promise<{ allowed: boolean }>) => {
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) out.push((await run()).allowed);
    return out;
  };

  it('allows ten password tries per client and showcase, then blocks for 15 minutes', async () => {
    const key = '203.0.113.7:42';
    expect(await hits(10, () => limiters.consume('passwordPerClient', key))).toEqual(
      Array(10).fill(true),
    );
    vi.advanceTimersByTime(5 * MIN);
    const refused = await limiters.consume('passwordPerClient', key);
    // The block runs from the refused try, not from the window's start.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 900 });

    vi.advanceTimersByTime(14 * MIN);
    expect(await limiters.consume('passwordPerClient', key)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    vi.advanceTimersByTime(1 * MIN + 1);
    expect(await limiters.consume('passwordPerClient', key)).toEqual({ allowed: true });
  });

  it('counts each key on its own', async () => {
    await hits(10, () => limiters.consume('passwordPerClient', 'a:1'));
    expect((await limiters.consume('passwordPerClient', 'a:1')).allowed).toBe(false);
    expect((await limiters.consume('passwordPerClient', 'a:2')).allowed).toBe(true);
    expect((await limiters.consume('passwordPerClient', 'b:1')).allowed).toBe(true);
    // Same key, other limit: another counter.
    expect((await limiters.consume('signInPerAccount', 'a:1')).allowed).toBe(true);
  });

  it('without a block, refuses only until the window ends', async () => {
    expect(await hits(50, () => limiters.consume('passwordPerShowcase', '42'))).toEqual(
      Array(50).fill(true),
    );
    vi.advanceTimersByTime(40 * MIN);
    expect(await limiters.consume('passwordPerShowcase', '42')).toEqual({
      allowed: false,
      retryAfterSeconds: 20 * 60,
    });
    vi.advanceTimersByTime(20 * MIN);
    expect((await limiters.consume('passwordPerShowcase', '42')).allowed).toBe(true);
  });

  it('reset forgets a key, e.g. after the correct password', async () => {
    await hits(11, () => limiters.consume('passwordPerClient', 'c:1'));
    expect((await limiters.consume('passwordPerClient', 'c:1')).allowed).toBe(false);
    await limiters.reset('passwordPerClient', 'c:1');
    expect(await hits(10, () => limiters.consume('passwordPerClient', 'c:1'))).toEqual(
      Array(10).fill(true),
    );
  });

  it('reward gives hits back but never credit beyond the limit', async () => {
    await limiters.reward('signInPerAccount', 'fresh');
    expect(await hits(11, () => limiters.consume('signInPerAccount', 'fresh'))).toEqual([
      ...Array(10).fill(true),
      false,
    ]);

    await hits(10, () => limiters.consume('passwordPerClient', 'r'));
    await limiters.reward('passwordPerClient', 'r', 3);
    expect(await hits(4, () => limiters.consume('passwordPerClient', 'r'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('consumes several points at once (one per share recipient)', async () => {
    expect(await limiters.consume('shareEmail', 'user:1', 15)).toEqual({ allowed: true });
    expect(await limiters.consume('shareEmail', 'user:1', 5)).toEqual({ allowed: true });
    const refused = await limiters.consume('shareEmail', 'user:1', 1);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBe(3600);
  });

  it('consumeAll stops at the first refusal and leaves the later counters alone', async () => {
    const checks = [
      ['passwordPerClient', 'd:7'],
      ['passwordPerShowcase', '7'],
    ] as const;
    expect(await hits(10, () => limiters.consumeAll(checks))).toEqual(Array(10).fill(true));
    expect((await limiters.consumeAll(checks)).allowed).toBe(false);
    // The showcase counter saw the ten allowed tries only: 40 left for other clients.
    expect(await hits(40, () => limiters.consume('passwordPerShowcase', '7'))).toEqual(
      Array(40).fill(true),
    );
    expect((await limiters.consume('passwordPerShowcase', '7')).allowed).toBe(false);
  });

  it('takes custom limits (for tests and tuning)', async () => {
    const custom = createRateLimiters(
      { kind: 'memory' },
      { limits: { ...LIMITS, shareEmail: { points: 2, duration: 1, blockDuration: 0 } } },
    );
    expect(await hits(3, () => custom.consume('shareEmail', 'u'))).toEqual([true, true, false]);
    vi.advanceTimersByTime(1_001);
    expect((await custom.consume('shareEmail', 'u')).allowed).toBe(true);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up and is at least 1', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-1)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(Number.NaN)).toBe(1);
  });
});

describe('store choice', () => {
  const settings = (env: Record<string, string>, DATABASE_URL?: string) => ({
    ...parseConfig(env),
    DATABASE_URL,
  });

  it('is memory by default', () => {
    expect(backendFromEnv(settings({}))).toEqual({ kind: 'memory' });
    expect(backendFromEnv(settings({ REDIS_URL: '' }, 'postgres://db/x'))).toEqual({
      kind: 'memory',
    });
  });

  it('is PostgreSQL when several web processes share DATABASE_URL, unless Redis is there or memory is asked for', () => {
    expect(backendFromEnv(settings({}, 'postgres://db/x'), 2)).toEqual({
      kind: 'postgres',
      url: 'postgres://db/x',
    });
    expect(backendFromEnv(settings({}, 'postgres://db/x'), 1)).toEqual({ kind: 'memory' });
    expect(
      backendFromEnv(settings({ REDIS_URL: 'redis://127.0.0.1:6379' }, 'postgres://db/x'), 2),
    ).toEqual({ kind: 'redis', url: 'redis://127.0.0.1:6379' });
    expect(backendFromEnv(settings({ RATE_LIMIT_STORE: 'memory' }, 'postgres://db/x'), 2)).toEqual({
      kind: 'memory',
    });
  });

  it('is Redis when REDIS_URL is set', () => {
    expect(backendFromEnv(settings({ REDIS_URL: 'redis://127.0.0.1:6379' }))).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
  });

  it('is PostgreSQL when asked and DATABASE_URL is set', () => {
    const env = { RATE_LIMIT_STORE: 'postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(backendFromEnv(settings(env, 'postgres://db/x'))).toEqual({
      kind: 'postgres',
      url: 'postgres://db/x',
    });
    expect(() => backendFromEnv(settings(env))).toThrow(/DATABASE_URL/);
  });

  it('refuses redis without REDIS_URL and bad values', () => {
    expect(() => backendFromEnv(settings({ RATE_LIMIT_STORE: 'redis' }))).toThrow(/REDIS_URL/);
    expect(() => parseConfig({ RATE_LIMIT_STORE: 'mongo' })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => parseConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});

describe('app instance', () => {
  afterEach(async () => {
    await closeRateLimiters();
    vi.unstubAllEnvs();
  });

  it('is one per process and follows the settings', async () => {
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('RATE_LIMIT_STORE', 'memory');
    const first = rateLimiters();
    expect(rateLimiters()).toBe(first);
    expect(first.kind).toBe('memory');
    for (let i = 0; i < 20; i++) await consume('shareEmail', 'app-user');
    expect((await consume('shareEmail', 'app-user')).allowed).toBe(false);
    await closeRateLimiters();
    expect(rateLimiters()).not.toBe(first);
  });
});
