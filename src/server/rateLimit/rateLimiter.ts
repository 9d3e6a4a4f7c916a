/**
 * Counts the named limits of limits.ts with rate-limiter-flexible. The store is memory by
 * default (one process), Redis when REDIS_URL is set, PostgreSQL when RATE_LIMIT_STORE is
 * postgres or when several web processes of one machine share DATABASE_URL (WEB_CONCURRENCY):
 * several processes and app nodes then share one count. A store that fails falls back to a
 * per-process memory count (the library's insurance limiter), so an outage neither lets
 * every guess through nor turns sign-in into 500s.
 *
 * Keys are hashed before they reach the store: Redis and the database never hold the
 * e-mails or addresses they are counted by, and every key fits the table's varchar(255).
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { config, type Config } from '../config.ts';
import { logger } from '../logger.ts';
import { webProcesses } from '../cluster/webProcesses.ts';
import { metrics } from '../metrics.ts';
import { redisName } from '../redisNamespace.ts';
import { LIMITS, LIMIT_NAMES } from './limits.ts';
import type { LimitName, LimitSpec, LimitTable } from './limits.ts';

export { LIMITS } from './limits.ts';
export type { LimitName } from './limits.ts';

export type RateLimitBackend =
  { kind: 'memory' } | { kind: 'redis'; url: string } | { kind: 'postgres'; url: string };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface WindowUse {
  hits: number;
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  /**
   * Prefix of every stored key, or how to learn it (the app's Redis keys are under the site's
   * namespace, src/server/redisNamespace.ts); tests use a unique one. Default `vitrine:rl`.
   */
  keyPrefix?: string | (() => Promise<string>);
  /** The limits to enforce; default LIMITS. */
  limits?: LimitTable;
  /** PostgreSQL table of the counters; default `rate_limits`. */
  tableName?: string;
}

export interface RateLimiters {
  readonly kind: RateLimitBackend['kind'];
  /** Counts `points` hits of `key` against `limit`. Never throws for a limit hit. */
  consume(limit: LimitName, key: string, points?: number): Promise<RateLimitResult>;
  /** Consumes each check in turn and stops at the first refusal, whose answer it returns. */
  consumeAll(checks: ReadonlyArray<readonly [LimitName, string]>): Promise<RateLimitResult>;
  /** Hits of `key` in its current window and the seconds until it ends, without counting one. */
  peek(limit: LimitName, key: string): Promise<WindowUse>;
  /** Gives back up to `points` hits (never below zero). Best effort: store errors are logged. */
  reward(limit: LimitName, key: string, points?: number): Promise<void>;
  /** Forgets `key` for `limit`, e.g. after a correct password. Best effort like reward. */
  reset(limit: LimitName, key: string): Promise<void>;
  /** Closes the store connection. */
  close(): Promise<void>;
}

const ALLOWED: RateLimitResult = { allowed: true };
const DEFAULT_PREFIX = 'vitrine:rl';
const DEFAULT_TABLE = 'rate_limits';
/** A slow store must not hold a sign-in for long: past this the insurance answers. */
const STORE_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;

/** Seconds to announce in Retry-After: whole, and at least 1 (0 would invite a retry loop). */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Number.isFinite(msBeforeNext) ? Math.max(1, Math.ceil(msBeforeNext / 1000)) : 1;
}

export type RateLimitSettings = Pick<Config, 'REDIS_URL' | 'RATE_LIMIT_STORE' | 'DATABASE_URL'>;

/**
 * The store the settings ask for (by default this process's configuration), for a machine of
 * `webProcesses` processes: counted in one process's memory, a limit would be multiplied by them.
 */
export function backendFromEnv(
  env: RateLimitSettings = config(),
  webProcesses = 1,
): RateLimitBackend {
  const shared = env.REDIS_URL
    ? 'redis'
    : webProcesses > 1 && env.DATABASE_URL
      ? 'postgres'
      : 'memory';
  const store = env.RATE_LIMIT_STORE ?? shared;
  if (store === 'postgres') {
    if (!env.DATABASE_URL)
      throw new Error('Invalid configuration:\n  RATE_LIMIT_STORE: postgres needs DATABASE_URL');
    return { kind: 'postgres', url: env.DATABASE_URL };
  }
  if (store === 'redis') {
    if (!env.REDIS_URL)
      throw new Error('Invalid configuration:\n  RATE_LIMIT_STORE: redis needs REDIS_URL');
    return { kind: 'redis', url: env.REDIS_URL };
  }
  return { kind: 'memory' };
}

export function createRateLimiters(
  backend: RateLimitBackend = { kind: 'memory' },
  options: RateLimiterOptions = {},
): RateLimiters {
  const limits = options.limits ?? LIMITS;
  const keyPrefix = options.keyPrefix ?? DEFAULT_PREFIX;
  let lastWarn = 0;
  const warn = (message: string, err: unknown) => {
    const now = Date.now();
    if (now - lastWarn < WARN_EVERY_MS) return;
    lastWarn = now;
    logger.warn({ err }, message);
  };

  // Counts in this process: the memory store, and the insurance of a shared one.
  const inMemory = new Map<LimitName, RateLimiterAbstract>(
    LIMIT_NAMES.map((name) => [
      name,
      new RateLimiterMemory({ ...spec(limits[name]), keyPrefix: name }),
    ]),
  );
  const insurance = (name: LimitName) => inMemory.get(name)!;
  /** The limiters of the store, their keys under `prefix`. */
  let build: (prefix: string) => Map<LimitName, RateLimiterAbstract> = () => inMemory;
  let before: () => Promise<void> = async () => {};
  let close: () => Promise<void> = async () => {};

  if (backend.kind === 'redis') {
    const redis = new Redis(backend.url, {
      // Fail at once while disconnected instead of queueing: the insurance answers meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: STORE_TIMEOUT_MS,
      connectTimeout: 2_000,
    });
    redis.on('error', (err) => warn('rate limits: Redis unavailable, counting in memory', err));
    // The first requests wait (briefly) for the first connection rather than all going to the
    // per-process insurance; later outages fall back at once.
    const connected = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, STORE_TIMEOUT_MS);
      timer.unref();
      redis.once('ready', done);
      redis.once('error', done);
    });
    before = () => connected;
    build = (prefix) =>
      new Map(
        LIMIT_NAMES.map((name) => [
          name,
          new RateLimiterRedis({
            ...spec(limits[name]),
            keyPrefix: `${prefix}:${name}`,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: insurance(name),
          }),
        ]),
      );
    close = async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    };
  } else if (backend.kind === 'postgres') {
    const table = options.tableName ?? DEFAULT_TABLE;
    if (!/^[a-z_][a-z0-9_]*$/.test(table))
      throw new Error(`Invalid rate limit table name: ${table}`);
    const sql = postgres(backend.url, {
      max: 3,
      connect_timeout: 2,
      idle_timeout: 30,
      onnotice: () => {},
      connection: { statement_timeout: STORE_TIMEOUT_MS },
    });
    // rate-limiter-flexible speaks to `pg`'s query({ text, values }) → { rows, rowCount };
    // the project's driver is postgres.js, so this adapter stands in for a pg Client.
    const storeClient = {
      async query(q: { text: string; values?: unknown[] }) {
        try {
          const rows = await sql.unsafe(
            q.text,
            (q.values ?? []) as postgres.ParameterOrJSON<never>[],
          );
          return { rows, rowCount: rows.count };
        } catch (err) {
          warn('rate limits: PostgreSQL unavailable, counting in memory', err);
          throw err;
        }
      },
    };
    // Created here rather than by the library so a database that is down at start is
    // retried on a later request instead of never. Same columns as the library's own.
    let created: Promise<void> | undefined;
    let failedAt = 0;
    before = async () => {
      if (!created && Date.now() - failedAt < 10_000) return;
      created ??= storeClient
        .query({
          text: `CREATE TABLE IF NOT EXISTS "${table}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
        })
        .then(() => undefined)
        .catch((err: unknown) => {
          // 23505: another node created it at the same moment.
          if ((err as { code?: string }).code === '23505') return;
          created = undefined;
          failedAt = Date.now();
        });
      await created;
    };
    build = (prefix) =>
      new Map(
        LIMIT_NAMES.map((name, i) => [
          name,
          new RateLimiterPostgres({
            ...spec(limits[name]),
            keyPrefix: `${prefix}:${name}`,
            storeClient,
            storeType: 'client',
            tableName: table,
            tableCreated: true,
            // The limits share one table: one sweeper of expired rows is enough.
            clearExpiredByTimeout: i === 0,
            insuranceLimiter: insurance(name),
          }),
        ]),
      );
    close = () => sql.end({ timeout: 5 });
  }

  let built: Promise<Map<LimitName, RateLimiterAbstract>> | undefined;
  const limiter = async (name: LimitName): Promise<RateLimiterAbstract> => {
    await before();
    built ??= (typeof keyPrefix === 'string' ? Promise.resolve(keyPrefix) : keyPrefix()).then(
      build,
    );
    let found: RateLimiterAbstract | undefined;
    try {
      found = (await built).get(name);
    } catch (err) {
      // The prefix could not be learnt (the database out of reach): counted here meanwhile.
      built = undefined;
      warn('rate limits: the key prefix cannot be read, counting in memory', err);
      found = inMemory.get(name);
    }
    if (!found) throw new Error(`Unknown rate limit: ${String(name)}`);
    return found;
  };

  const consume = async (name: LimitName, key: string, points = 1): Promise<RateLimitResult> => {
    const rl = await limiter(name);
    try {
      await rl.consume(hashKey(key), points);
      return ALLOWED;
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        metrics().rateLimitRejections.inc({ limit: name });
        return { allowed: false, retryAfterSeconds: retryAfterSeconds(err.msBeforeNext) };
      }
      throw err;
    }
  };

  return {
    kind: backend.kind,
    consume,
    async consumeAll(checks) {
      for (const [name, key] of checks) {
        const result = await consume(name, key);
        if (!result.allowed) return result;
      }
      return ALLOWED;
    },
    async peek(name, key) {
      const current = await (await limiter(name)).get(hashKey(key));
      return {
        hits: current?.consumedPoints ?? 0,
        retryAfterSeconds: retryAfterSeconds(current?.msBeforeNext ?? 0),
      };
    },
    async reward(name, key, points = 1) {
      try {
        const rl = await limiter(name);
        const hashed = hashKey(key);
        const current = await rl.get(hashed);
        if (!current || current.consumedPoints <= 0) return;
        await rl.reward(hashed, Math.min(points, current.consumedPoints));
      } catch (err) {
        logger.warn({ err, limit: name }, 'rate limits: reward failed');
      }
    },
    async reset(name, key) {
      try {
        await (await limiter(name)).delete(hashKey(key));
      } catch (err) {
        logger.warn({ err, limit: name }, 'rate limits: reset failed');
      }
    },
    close: () => close(),
  };
}

function spec({ points, duration, blockDuration }: LimitSpec): LimitSpec {
  return { points, duration, blockDuration };
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

// One set per process, on globalThis: the start script and the Astro bundle load this module
// separately, and two memory stores would each allow the full count.
const KEY = Symbol.for('vitrine.rateLimiters');
type Holder = { [KEY]?: RateLimiters };
const holder = globalThis as Holder;

/** The app's rate limiters, on the store the settings choose. */
export function rateLimiters(): RateLimiters {
  const backend = backendFromEnv(config(), webProcesses().count);
  holder[KEY] ??= createRateLimiters(
    backend,
    backend.kind === 'redis' ? { keyPrefix: () => redisName('rl') } : {},
  );
  return holder[KEY];
}

export function consume(limit: LimitName, key: string, points?: number): Promise<RateLimitResult> {
  return rateLimiters().consume(limit, key, points);
}

export function consumeAll(
  checks: ReadonlyArray<readonly [LimitName, string]>,
): Promise<RateLimitResult> {
  return rateLimiters().consumeAll(checks);
}

export function peek(limit: LimitName, key: string): Promise<WindowUse> {
  return rateLimiters().peek(limit, key);
}

export function reset(limit: LimitName, key: string): Promise<void> {
  return rateLimiters().reset(limit, key);
}

/** Closes the app's store connection (shutdown). */
export async function closeRateLimiters(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  await current?.close();
}
