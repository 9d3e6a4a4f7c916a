/**
 * GET /healthz for load balancers and the e2e run: 200 and JSON when the database answers a
 * trivial query, the media store answers a lookup, Redis (where REDIS_URL is set) answers a
 * PING and the live ingest (where this process runs it) listens; 503 naming the failing
 * checks otherwise, and 503 until the server has finished preparing (migrations, the demo
 * seed) and is ready to serve pages.
 */
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { getDb } from '../db/client.ts';
import { logger } from '../logger.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import type { Step } from './requestPipeline.ts';

type CheckResult = 'ok' | 'failing';

const CHECK_TIMEOUT_MS = 3_000;
/** Redis answers a PING in well under a millisecond: one that takes a second is in trouble. */
const REDIS_TIMEOUT_MS = 1_000;
/** Never stored: asking for it proves the store answers (S3: reachable, keys accepted). */
const PROBE_KEY = 'healthz/probe';

async function check(
  name: string,
  probe: () => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
    return 'ok';
  } catch (err) {
    logger.warn({ err, check: name }, 'healthz: a check failed');
    return 'failing';
  }
}

async function checkDatabase(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}

async function checkMedia(): Promise<void> {
  await mediaStorage().stat(PROBE_KEY);
}

/** A connection of its own, so the answer is Redis's now, not a pooled client's last state. */
async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // What went wrong underneath (ECONNREFUSED), which connect() reports only as a closed connection.
  let reason: unknown;
  redis.on('error', (error: unknown) => (reason ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw reason ?? error;
  } finally {
    redis.disconnect();
  }
}

interface HealthParts {
  /** REDIS_URL, when set. */
  redisUrl?: string | undefined;
  /** Whether the live ingest listens; null where this process runs none. */
  ingestListening?: () => boolean | null;
}

/** The checks of this process, each named in the answer. */
async function runChecks({
  redisUrl,
  ingestListening,
}: HealthParts): Promise<Record<string, CheckResult>> {
  const [database, media, redis] = await Promise.all([
    check('database', checkDatabase),
    check('media', checkMedia),
    redisUrl ? check('redis', () => checkRedis(redisUrl), REDIS_TIMEOUT_MS) : undefined,
  ]);
  const checks: Record<string, CheckResult> = { database, media };
  if (redis) checks['redis'] = redis;
  const listening = ingestListening?.() ?? null;
  if (listening !== null) checks['rtmp'] = listening ? 'ok' : 'failing';
  return checks;
}

/**
 * The /healthz step; `isReady` says whether startup has finished. Requests that come while a
 * round of checks runs share its answer: the address is public, and each round opens a Redis
 * connection of its own.
 */
export function healthz(isReady: () => boolean, parts: HealthParts = {}): Step {
  let running: Promise<Record<string, CheckResult>> | null = null;
  const checksNow = () =>
    (running ??= runChecks(parts).finally(() => {
      running = null;
    }));
  return (req, res, next) => {
    if ((req.url ?? '').split('?', 1)[0] !== '/healthz') return next();
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
    if (!isReady()) {
      res
        .writeHead(503, { ...headers, 'Retry-After': '5' })
        .end(JSON.stringify({ status: 'starting' }));
      return;
    }
    void checksNow().then((checks) => {
      const healthy = Object.values(checks).every((result) => result === 'ok');
      res
        .writeHead(healthy ? 200 : 503, headers)
        .end(JSON.stringify({ status: healthy ? 'ok' : 'failing', checks }));
    });
  };
}
