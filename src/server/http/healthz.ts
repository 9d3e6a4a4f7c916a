/**
 * GET /healthz for load balancers and the e2e run: 200 and JSON when the database answers a
 * trivial query and the media store answers a lookup, 503 otherwise, and 503 until the
 * server has finished preparing (migrations, the demo seed) and is ready to serve pages.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { logger } from '../logger.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import type { Step } from './requestPipeline.ts';

type CheckResult = 'ok' | 'failing';

const CHECK_TIMEOUT_MS = 3_000;
/** Never stored: asking for it proves the store answers (S3: reachable, keys accepted). */
const PROBE_KEY = 'healthz/probe';

async function check(name: string, probe: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
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

/** The /healthz step; `isReady` says whether startup has finished. */
export function healthz(isReady: () => boolean): Step {
  return (req, res, next) => {
    if ((req.url ?? '').split('?', 1)[0] !== '/healthz') return next();
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
    if (!isReady()) {
      res.writeHead(503, { ...headers, 'Retry-After': '5' }).end(JSON.stringify({ status: 'starting' }));
      return;
    }
    void Promise.all([check('database', checkDatabase), check('media', checkMedia)]).then(([database, media]) => {
      const healthy = database === 'ok' && media === 'ok';
      res.writeHead(healthy ? 200 : 503, headers).end(JSON.stringify({ status: healthy ? 'ok' : 'failing', checks: { database, media } }));
    });
  };
}
