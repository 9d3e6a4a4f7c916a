// `npm run worker`: runs background jobs (transcoding, replays) and the live schedule in a
// process of its own, beside servers started with WORKER=off, and live ingest where RTMP_PORT
// is set. SIGTERM or SIGINT ends its broadcasts, hands a running job back and exits.
import { openDataFolderForScript } from '../src/server/dataFolder.ts';
import { closeDb, getDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { startBackgroundWorker } from '../src/server/jobs/backgroundWorker.ts';
import { startLiveService } from '../src/server/live/liveService.ts';
import { logger } from '../src/server/logger.ts';
import { useSharedSecrets } from '../src/server/secrets.ts';

await openDataFolderForScript('worker');
await migrate();
const secrets = await useSharedSecrets(await getDb());
const worker = await startBackgroundWorker();
// Live ingest runs here only where RTMP_PORT is set for this process, so a worker beside a
// server on one machine does not compete for the server's port.
const live = await startLiveService({ ingest: process.env['RTMP_PORT'] !== undefined });

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  await live.stop();
  await worker.stop();
  secrets.stop();
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', (s) => void stop(s));
process.on('SIGTERM', (s) => void stop(s));
