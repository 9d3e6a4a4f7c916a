/**
 * Counting plays and visits in this process (docs/analytics.md). Two steps of the request
 * pipeline (src/server/main.ts) feed one tally in memory, which is written every few
 * seconds in one transaction and once more at shutdown, so a busy video costs a write per
 * flush, not one per viewer. Neither step opens the database or a session.
 *
 * A viewer is told from another only to count a play (or visit) once a day: by an HMAC of
 * their address and browser under a salt drawn at random each UTC day, kept in memory only
 * and never written. A viewer who sends Do Not Track or Global Privacy Control is not counted.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  BEACON_MAX_BYTES,
  BEACON_PATH,
  createDedup,
  createTally,
  declinesCounting,
  isEmptyBatch,
  parseBeacon,
  siteOf,
  type TallyBatch,
  utcDay,
  visitedShowcase,
} from '../../lib/playCounting.ts';
import { splitLocalePath } from '../../lib/localeNegotiation.ts';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { NO_STORE } from '../http/cacheControl.ts';
import { clientAddress } from '../http/publicOrigin.ts';
import type { Step } from '../http/requestPipeline.ts';
import { liveSignals } from '../live/liveSignals.ts';
import { logger } from '../logger.ts';
import { writePlayCounts } from './playCounts.ts';

/** How often the tally is written. */
const FLUSH_MS = 5_000;

const tally = createTally();
const dedup = createDedup();
// A KeyObject: an HMAC under a raw Buffer key imports the key again on every call, ~8× dearer.
let salt: { day: string; key: KeyObject } = { day: '', key: createSecretKey(randomBytes(32)) };

/** The key of a viewer for a subject on a day, under that day's salt. */
function viewerKey(req: IncomingMessage, day: string, subject: string): string {
  if (salt.day !== day) salt = { day, key: createSecretKey(randomBytes(32)) };
  return createHmac('sha256', salt.key)
    .update(`${clientAddress(req) ?? ''}\n${req.headers['user-agent'] ?? ''}\n${subject}`)
    .digest('base64url');
}

const header = (req: IncomingMessage) => (name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The country a trusted proxy names (GEO_COUNTRY_HEADER); publicOrigin drops an untrusted one. */
function countryOf(req: IncomingMessage): string | null {
  const name = config().GEO_COUNTRY_HEADER;
  const value = name ? header(req)(name)?.toUpperCase() : undefined;
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

/** The host the browser asked for, as publicOrigin decided it. */
const ownHost = (req: IncomingMessage) =>
  (header(req)('x-forwarded-host') ?? header(req)('host') ?? '').toLowerCase();

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BEACON_MAX_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size <= BEACON_MAX_BYTES ? Buffer.concat(chunks).toString('utf8') : null),
    );
    // A request cut short ends with neither: its beacon is dropped.
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(null));
  });
}

/** POST /api/beacon: the player frame's beacons, answered 204 whatever they hold. */
export const playBeacons: Step = (req, res, next) => {
  if (req.url?.split('?', 1)[0] !== BEACON_PATH) return next();
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'POST', 'Cache-Control': NO_STORE }).end();
    return;
  }
  void readBody(req).then((text) => {
    if (!res.headersSent) res.writeHead(204, { 'Cache-Control': NO_STORE }).end();
    if (text === null || declinesCounting(header(req))) return;
    const beacon = parseBeacon(text);
    if (!beacon) return;
    const now = Date.now();
    const day = utcDay(now);
    if (beacon.kind === 'live' && beacon.liveViewer !== null) {
      const { videoId, liveViewer } = beacon;
      void liveSignals().then(
        ({ viewers }) => viewers.seen(videoId, liveViewer),
        // The database out of reach: the flush says so; this ping is lost.
        () => undefined,
      );
    }
    tally.beacon(beacon, {
      day,
      now,
      firstToday:
        (beacon.kind === 'play' || beacon.kind === 'finish') &&
        dedup.first(day, viewerKey(req, day, `${beacon.kind}:${beacon.videoId}`)),
      country: countryOf(req),
      ownHost: ownHost(req),
    });
  });
};

/** Counts a visit of a showcase page as its request passes, before the page cache answers it. */
export const showcaseVisits: Step = (req, _res, next) => {
  const showcaseId =
    req.method === 'GET' ? visitedShowcase(splitLocalePath(req.url ?? '/').path) : null;
  const reader = header(req);
  // A prefetch is not a visit; a viewer may never open the page.
  const prefetch = reader('sec-purpose')?.includes('prefetch') || reader('purpose') === 'prefetch';
  if (showcaseId !== null && !prefetch && !declinesCounting(reader)) {
    const day = utcDay(Date.now());
    tally.visit(showcaseId, {
      day,
      firstVisit: dedup.first(day, viewerKey(req, day, `showcase:${showcaseId}`)),
      country: countryOf(req),
      referrer: siteOf(reader('referer')),
      ownHost: ownHost(req),
    });
  }
  next();
};

/**
 * Writes the live viewers seen since the last flush where every node counts them, and raises
 * the day's live peak to what all nodes count together.
 */
async function flushLiveViewers(batch: TallyBatch): Promise<void> {
  try {
    const { viewers } = await liveSignals();
    const watched = await viewers.flush();
    if (watched.length === 0) return;
    const watching = await viewers.watching(watched);
    for (const row of batch.videos)
      row.livePeak = Math.max(row.livePeak, watching.get(row.videoId) ?? 0);
  } catch (err) {
    logger.warn({ err }, 'live viewers: a flush failed');
  }
}

/** Writes what was counted since the last flush; a failed write is logged and its counts lost. */
async function flushPlayCounts(): Promise<void> {
  const batch = tally.drain();
  await flushLiveViewers(batch);
  if (isEmptyBatch(batch)) return;
  try {
    await writePlayCounts(await getDb(), batch);
  } catch (err) {
    logger.warn({ err }, 'play counts: a flush failed');
  }
}

/** Flushes every few seconds; `stop` flushes what is left, for a clean shutdown. */
export function startPlayCounting(): { stop(): Promise<void> } {
  let flushing = Promise.resolve();
  const timer = setInterval(() => {
    flushing = flushing.then(flushPlayCounts);
  }, FLUSH_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flushing;
      await flushPlayCounts();
    },
  };
}
