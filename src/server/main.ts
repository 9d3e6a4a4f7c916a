/**
 * The production server: migrations and the demo seed before listening, the Astro
 * standalone handler behind compression, the job worker (unless WORKER=off), and a clean
 * shutdown that hands back a running job and closes the database.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { config } from './config.ts';
import { prepareDatabase } from './boot.ts';
import { closeDb } from './db/client.ts';
import { startBackgroundWorker } from './jobs/backgroundWorker.ts';
import { closeRateLimiters } from './rateLimit/rateLimiter.ts';
import { logger } from './logger.ts';
import { startColdStorageSweep } from './media/coldStorageSweep.ts';
import { pipeline, type NodeHandler, type Step } from './http/requestPipeline.ts';
import { distDir } from './distDir.ts';

const { PORT, HOST, WORKER } = config();
await prepareDatabase();
const stopColdStorageSweep = startColdStorageSweep();
const worker = WORKER ? await startBackgroundWorker() : null;

// The adapter would otherwise start its own server on import.
process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
const entry = pathToFileURL(path.join(distDir(), 'server/entry.mjs')).href;
const { handler } = (await import(entry)) as { handler: NodeHandler };

const healthz: Step = (req, res, next) => {
  if (req.url !== '/healthz') return next();
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('ok');
};
// The node adapter does not compress; HTML, CSS, JS and JSON go out as brotli or gzip.
const compress = compression({ threshold: 512 }) as unknown as Step;

const server = createServer(pipeline([healthz, compress], handler));

server.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  logger.info({ port, host: HOST }, `Vitrine is serving on http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${port}`);
});

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  // A transcode in progress goes back to the queue for the next start or another worker.
  await worker?.stop();
  await closeRateLimiters();
  await stopColdStorageSweep();
  // PGlite must be closed or its sequences jump on the next start.
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', (s) => void stop(s));
process.on('SIGTERM', (s) => void stop(s));
