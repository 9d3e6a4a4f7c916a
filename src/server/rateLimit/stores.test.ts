/**
 * The shared stores against real servers: Redis (REDIS_URL, else 127.0.0.1:6379) and
 * PostgreSQL (DATABASE_URL; skipped when unset), each under a unique key prefix or table
 * removed afterwards. And the insurance: a store that cannot be reached still counts, in
 * memory, instead of letting everyone through or throwing.
 */
import { reachable } from '../reachable.ts';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseNameOf } from '../../lib/testDatabaseName.ts';
import { LIMITS } from './limits.ts';
import { createRateLimiters } from './rateLimiter.ts';
import type { RateLimiters } from './rateLimiter.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.DATABASE_URL;
// Refuses a database not made for tests before touching it.
if (DATABASE_URL) testDatabaseNameOf(DATABASE_URL);
const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
const prefix = `vitrine-test:rl:${run}`;

/** Short limits so a test never waits: 2 hits per minute; signInPerAccount blocks 2 minutes. */
const limits = {
  ...LIMITS,
  shareEmail: { points: 2, duration: 60, blockDuration: 0 },
  signInPerAccount: { points: 2, duration: 60, blockDuration: 120 },
};

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function hits(n: number, run: () => Promise<{ allowed: boolean }>): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await run()).allowed);
  return out;
}

/** The behaviour every shared store must have; `a` and `b` are two app nodes on one store. */
function sharedStoreBehaviour(nodes: () => { a: RateLimiters; b: RateLimiters }) {
  it('allows the limit, then refuses with a Retry-After inside the window', async () => {
    const { a } = nodes();
    expect(await hits(2, () => a.consume('shareEmail', 'user:1'))).toEqual([true, true]);
    const refused = await a.consume('shareEmail', 'user:1');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('counts once across app nodes', async () => {
    const { a, b } = nodes();
    expect((await a.consume('shareEmail', 'user:2')).allowed).toBe(true);
    expect((await b.consume('shareEmail', 'user:2')).allowed).toBe(true);
    expect((await a.consume('shareEmail', 'user:2')).allowed).toBe(false);
    expect((await b.consume('shareEmail', 'user:2')).allowed).toBe(false);
  });

  it('blocks for blockDuration once over the limit', async () => {
    const { a, b } = nodes();
    await hits(2, () => a.consume('signInPerAccount', '203.0.113.7:who@example.com'));
    const refused = await a.consume('signInPerAccount', '203.0.113.7:who@example.com');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 120 });
    const again = await b.consume('signInPerAccount', '203.0.113.7:who@example.com');
    expect(again.allowed).toBe(false);
    expect(again.allowed === false && again.retryAfterSeconds).toBeGreaterThan(60);
  });

  it('reset and reward reach every node', async () => {
    const { a, b } = nodes();
    await hits(3, () => a.consume('shareEmail', 'user:3'));
    await b.reset('shareEmail', 'user:3');
    expect(await hits(3, () => a.consume('shareEmail', 'user:3'))).toEqual([true, true, false]);
    await b.reward('shareEmail', 'user:3');
    await b.reward('shareEmail', 'user:3');
    expect(await hits(2, () => a.consume('shareEmail', 'user:3'))).toEqual([true, false]);
  });
}

const redisUp = await reachable(REDIS_URL);

describe.skipIf(!redisUp)(
  `Redis store${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
  () => {
    let a: RateLimiters;
    let b: RateLimiters;
    const admin = redisUp ? new Redis(REDIS_URL) : undefined;

    const nodes = () => {
      a ??= createRateLimiters({ kind: 'redis', url: REDIS_URL }, { keyPrefix: prefix, limits });
      b ??= createRateLimiters({ kind: 'redis', url: REDIS_URL }, { keyPrefix: prefix, limits });
      return { a, b };
    };

    afterAll(async () => {
      await a?.close();
      await b?.close();
      if (!admin) return;
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length) await admin.del(...keys);
      await admin.quit();
    });

    sharedStoreBehaviour(nodes);

    it('keeps apart the counts of two sites under different prefixes', async () => {
      const site = (name: string) =>
        createRateLimiters(
          { kind: 'redis', url: REDIS_URL },
          { keyPrefix: async () => `${prefix}:${name}`, limits },
        );
      const [siteA, siteB] = [site('site-a'), site('site-b')];
      try {
        expect(await hits(3, () => siteA.consume('shareEmail', 'user:4'))).toEqual([
          true,
          true,
          false,
        ]);
        expect(await hits(3, () => siteB.consume('shareEmail', 'user:4'))).toEqual([
          true,
          true,
          false,
        ]);
      } finally {
        await Promise.all([siteA.close(), siteB.close()]);
      }
    });

    it('stores hashed keys under the prefix, with an expiry', async () => {
      const { a } = nodes();
      await a.consume('passwordPerClient', '198.51.100.1:99');
      const keys = await admin!.keys(`${prefix}:passwordPerClient:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain('198.51.100.1');
      const ttl = await admin!.ttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(900);
    });
  },
);

describe.skipIf(!DATABASE_URL)(
  `PostgreSQL store${DATABASE_URL ? '' : ' (skipped: DATABASE_URL is not set)'}`,
  () => {
    const table = `rate_limits_test_${run}`;
    let a: RateLimiters;
    let b: RateLimiters;

    const nodes = () => {
      a ??= createRateLimiters(
        { kind: 'postgres', url: DATABASE_URL! },
        { keyPrefix: prefix, limits, tableName: table },
      );
      b ??= createRateLimiters(
        { kind: 'postgres', url: DATABASE_URL! },
        { keyPrefix: prefix, limits, tableName: table },
      );
      return { a, b };
    };

    afterAll(async () => {
      await a?.close();
      await b?.close();
      const sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
      await sql.unsafe(`DROP TABLE IF EXISTS "${table}"`);
      await sql.end();
    });

    sharedStoreBehaviour(nodes);

    it('creates its table and keeps hashed keys in it', async () => {
      const { a } = nodes();
      await a.consume('passwordPerClient', '198.51.100.1:99');
      const sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        const rows = await sql.unsafe(
          `SELECT key, points, expire FROM "${table}" WHERE key LIKE $1`,
          [`${prefix}:passwordPerClient:%`],
        );
        expect(rows).toHaveLength(1);
        expect(String(rows[0]!.key)).not.toContain('198.51.100.1');
        expect(rows[0]!.points).toBe(1);
        expect(Number(rows[0]!.expire)).toBeGreaterThan(Date.now());
      } finally {
        await sql.end();
      }
    });
  },
);

describe('insurance: an unreachable store still counts, in memory', () => {
  it('Redis', async () => {
    const limiters = createRateLimiters(
      { kind: 'redis', url: `redis://127.0.0.1:${await closedPort()}` },
      { keyPrefix: prefix, limits },
    );
    try {
      expect(await hits(3, () => limiters.consume('shareEmail', 'user:down'))).toEqual([
        true,
        true,
        false,
      ]);
      const refused = await limiters.consume('shareEmail', 'user:down');
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      await limiters.reset('shareEmail', 'user:down');
      expect((await limiters.consume('shareEmail', 'user:down')).allowed).toBe(true);
    } finally {
      await limiters.close();
    }
  });

  it('PostgreSQL', async () => {
    const limiters = createRateLimiters(
      { kind: 'postgres', url: `postgres://postgres@127.0.0.1:${await closedPort()}/none` },
      { keyPrefix: prefix, limits },
    );
    try {
      expect(await hits(3, () => limiters.consume('shareEmail', 'user:down'))).toEqual([
        true,
        true,
        false,
      ]);
      await limiters.reset('shareEmail', 'user:down');
      expect((await limiters.consume('shareEmail', 'user:down')).allowed).toBe(true);
    } finally {
      await limiters.close();
    }
  });
});
