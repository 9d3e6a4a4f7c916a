/**
 * The production server. It listens at once; while migrations and the demo seed run, pages
 * answer "Preparing the demo…" and /healthz 503. Then the built files and Astro's handler
 * serve behind compression, with the job worker (unless WORKER=off), and a clean shutdown hands
 * back a running job and closes the database. The API origin (API_PORT) is a second listener
 * of the same process and pipeline, whose paths are the site's /api routes (src/lib/apiOrigin.ts).
 * Several of these may share both ports (WEB_CONCURRENCY, src/server/cluster/): then only the
 * first migrates, seeds and runs the job worker, live service and cold storage sweep.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { apiPort, config } from './config.ts';
import { siteConfig } from './siteConfig.ts';
import { SiteConfigError } from '../lib/siteConfig.ts';
import { announceReady, prepareOnce } from './cluster/preparation.ts';
import { processHeader } from './cluster/processHeader.ts';
import { processRole } from './cluster/processRole.ts';
import { closeDb, getDb } from './db/client.ts';
import { recordServerPort } from './db/dataDirLock.ts';
import { startBackgroundWorker } from './jobs/backgroundWorker.ts';
import type { Worker } from './jobs/runner.ts';
import { closeRateLimiters } from './rateLimit/rateLimiter.ts';
import { logger } from './logger.ts';
import { startColdStorageSweep } from './media/coldStorageSweep.ts';
import { startLiveService, type LiveService } from './live/liveService.ts';
import { pipeline, type NodeHandler, type Step } from './http/requestPipeline.ts';
import { STREAM_WINDOW_BITS } from '../lib/brotliWindow.ts';
import { publicPlayerHeaders } from './http/publicPlayerHeaders.ts';
import { accessLog } from './http/accessLog.ts';
import { publicOrigin } from './http/publicOrigin.ts';
import { healthz } from './http/healthz.ts';
import { metricsEndpoint, requestMetrics } from './http/metrics.ts';
import { preparingPage } from './http/preparingPage.ts';
import { reportSeedProgress } from './seed/seedProgressReport.ts';
import { createStartupState } from './startupState.ts';
import { distDir } from './distDir.ts';
import { malformedRequest, refuseTunnel } from './http/malformedRequest.ts';
import { bodyLimit } from './http/bodyLimit.ts';
import { nodeResponseScope } from './http/nodeResponseScope.ts';
import { closeAllStreams } from './chat/chatHub.ts';
import { closeChatBus } from './chat/chatBus.ts';
import { UPLOADS_PATH } from './ingest/uploadsPath.ts';
import { TUS_CONTENT_TYPE } from '../lib/tusRequest.ts';
import { apiOrigin, type Listener } from './http/apiOrigin.ts';
import { apiCors } from './http/apiCors.ts';
import { createPageCache } from './http/pageCache.ts';
import { canonicalQuery } from './http/canonicalQuery.ts';
import { wholeHtml } from './http/wholeHtml.ts';
import { reasonPhrase } from './http/reasonPhrase.ts';
import { serveClientFiles } from './http/clientFiles.ts';
import { renderSlots } from './http/renderSlots.ts';
import { listenForPageChanges, type PageChanges } from './db/pageChanges.ts';
import { onPagesChanged, pagesChanged } from './db/pageChangeSignal.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { useSharedSecrets, type SharedSecrets } from './secrets.ts';
import { playBeacons, showcaseVisits, startPlayCounting } from './analytics/playCounter.ts';
import { keepPublished, publishTarget, type KeptPublication } from './publish/keepPublished.ts';

const { PORT, HOST, WORKER, GEO_COUNTRY_HEADER, GEO_REGION_HEADER, BENCH_ROUTES, REDIS_URL } =
  config();
// A site configuration file that cannot be used stops the start with one clear message.
try {
  siteConfig();
} catch (error) {
  if (!(error instanceof SiteConfigError)) throw error;
  logger.fatal(error.message);
  process.exit(1);
}
const startup = createStartupState();
const role = processRole();
let astroHandler: NodeHandler = () => {};
// The built site's files (src/server/http/clientFiles.ts), listed once the build is loaded.
let clientFiles: Step = (_req, _res, next) => next();

// The node adapter does not compress; HTML, CSS, JS and JSON go out as brotli or gzip, brotli
// with a window a response fills rather than its 4 MB default (src/lib/brotliWindow.ts).
const compress = compression({
  threshold: 512,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: STREAM_WINDOW_BITS } },
}) as unknown as Step;

let pageChanges: PageChanges | null = null;
let sharedSecrets: SharedSecrets | null = null;
// Rendered public pages, fresh for a minute (as long as shared caches may keep them), sent for
// ten seconds more while one request renders their renewal (shared caches are told ten
// minutes), and forgotten on every change the database reports (src/server/http/pageCache.ts).
const pageCache = createPageCache({
  limits: { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 60_000, staleMs: 10_000 },
  settings: {
    sessionCookie: SESSION_COOKIE,
    geoCountryHeader: GEO_COUNTRY_HEADER,
    geoRegionHeader: GEO_REGION_HEADER,
    benchRoutes: BENCH_ROUTES,
  },
  caughtUp: () => pageChanges?.caughtUp() ?? Promise.resolve(),
});

// Probes and scrapes come first and stay out of the access log. Steps after preparingPage
// run only once the database is migrated and the Astro bundle is loaded.
// The API origin's paths become /api routes first, so every later step sees the route.
// Tracking markers and parameters a public page does not read leave its address before the
// page cache looks it up. A cached page is sent before compression; what Astro writes is recorded after it, uncompressed.
// The built site's scripts, styles and files are compressed as they stream and wait for no render.
// An HTML page is compressed whole by wholeHtml.ts, which the compression step then leaves as it is.
// Pages that are not cached render a few at a time (renderSlots.ts), one queue for the server
// whichever listener a request came in on; one that waits on something else for longer than a
// render takes lets the next one start, and past RENDER_QUEUE waiting a page is answered 503.
const slotsForRenders = renderSlots({
  slots: config().RENDER_SLOTS,
  maxHoldMs: 250,
  maxWaiting: config().RENDER_QUEUE,
});
const handler = (listener: Listener) =>
  pipeline(
    [
      // First, so that every later writer's status line carries its reason phrase.
      reasonPhrase,
      ...(BENCH_ROUTES && role.name ? [processHeader(role.name)] : []),
      apiOrigin(listener),
      metricsEndpoint,
      healthz(startup.isReady, {
        redisUrl: REDIS_URL,
        ingestListening: () => live?.ingestListening() ?? null,
      }),
      accessLog,
      requestMetrics,
      publicOrigin(),
      preparingPage(startup),
      malformedRequest,
      // Beacons and visits are counted in memory, with no read, and written in batches.
      playBeacons,
      showcaseVisits,
      apiCors,
      bodyLimit({
        limit: config().BODY_LIMIT,
        exempt: [{ path: UPLOADS_PATH, contentType: TUS_CONTENT_TYPE }],
      }),
      nodeResponseScope,
      publicPlayerHeaders,
      canonicalQuery,
      pageCache.serve,
      compress,
      (req, res, next) => clientFiles(req, res, next),
      wholeHtml,
      pageCache.capture,
      slotsForRenders,
    ],
    (req, res) => astroHandler(req, res),
  );
const server = createServer(handler('site'));
server.on('connect', refuseTunnel);
const API_PORT = apiPort(config());
const apiServer = API_PORT === null ? null : createServer(handler('api'));
apiServer?.on('connect', refuseTunnel);

const origin = () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  return `http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${port}`;
};
server.listen(PORT, HOST, () => {
  const address = server.address();
  recordServerPort(typeof address === 'object' && address ? address.port : PORT);
  logger.info({ host: HOST }, `Vitrine is listening on ${origin()}; preparing`);
});
apiServer?.listen(API_PORT ?? 0, HOST, () => {
  const address = apiServer.address();
  logger.info(
    { host: HOST, port: typeof address === 'object' && address ? address.port : API_PORT },
    'the API origin is listening',
  );
});

/** How long requests under way may take to finish once the server is asked to stop. */
const SHUTDOWN_DRAIN_MS = 10_000;
let worker: Worker | null = null;
let live: LiveService | null = null;
let stopColdStorageSweep: () => Promise<void> = async () => {};
let playCounting: { stop(): Promise<void> } | null = null;
let publication: KeptPublication | null = null;
let stopping = false;
/** The exit status once stopped: 1 when `npm run publish` could not publish. */
let exitCode = 0;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.closeIdleConnections();
  apiServer?.closeIdleConnections();
  // Open chat streams never end by themselves; their browsers reconnect to another node.
  closeAllStreams();
  // A player holding a media response open must not keep the process from stopping.
  const drain = setTimeout(() => {
    server.closeAllConnections();
    apiServer?.closeAllConnections();
  }, SHUTDOWN_DRAIN_MS);
  await Promise.all(
    [server, apiServer].map(
      (listener) =>
        new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())),
    ),
  );
  clearTimeout(drain);
  // Broadcasts end cleanly: their recordings go to the replay job.
  await live?.stop();
  await publication?.stop();
  // A transcode in progress goes back to the queue for the next start or another worker.
  await worker?.stop();
  await closeRateLimiters();
  await closeChatBus();
  await pageChanges?.close();
  await stopColdStorageSweep();
  sharedSecrets?.stop();
  // The plays counted since the last flush are written before the database closes.
  await playCounting?.stop();
  // PGlite must be closed or its sequences jump on the next start.
  await closeDb();
  process.exit(exitCode);
}
process.on('SIGINT', (s) => void stop(s));
process.on('SIGTERM', (s) => void stop(s));

await prepareOnce(role, (progress) => {
  startup.seeding(progress);
  if (role.runsMachineWork) reportSeedProgress(progress);
});
// Before anything is signed: every node signs with the keys the database holds.
sharedSecrets = await useSharedSecrets(await getDb());
// Once a machine: in the process that runs alone, or in the first of several (src/lib/webProcesses.ts).
if (role.runsMachineWork) {
  stopColdStorageSweep = startColdStorageSweep();
  worker = WORKER ? await startBackgroundWorker() : null;
  live = await startLiveService({ ingest: true });
}
playCounting = startPlayCounting();
onPagesChanged(() => pageCache.invalidate());
pageChanges = await listenForPageChanges({ onChange: pagesChanged, onGap: pagesChanged });

const entry = pathToFileURL(path.join(distDir(), 'server/entry.mjs')).href;
astroHandler = ((await import(entry)) as { handler: NodeHandler }).handler;
clientFiles = serveClientFiles(path.join(distDir(), 'client'));
startup.ready();
announceReady();
logger.info(`Vitrine is serving on ${origin()}`);

// The static publication (PUBLISH_DIR, PUBLISH_BUCKET), kept by one process of several.
const target = role.runsMachineWork ? publishTarget() : null;
if (target) {
  publication = keepPublished(origin(), target);
  // `npm run publish` (scripts/publish.ts) starts the server for one publication.
  if (process.env.VITRINE_PUBLISH_ONCE === '1')
    publication.first.then(
      () => void stop('SIGTERM'),
      (err: unknown) => {
        logger.fatal({ err }, 'publish: the site could not be published');
        exitCode = 1;
        void stop('SIGTERM');
      },
    );
}
