// `npm run worker`: runs background jobs (transcoding) in a process of its own, beside servers
// started with WORKER=off. SIGTERM or SIGINT hands a running job back and exits.
import { openDataFolderForScript } from '../src/server/dataFolder.ts';
import { closeDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { startBackgroundWorker } from '../src/server/jobs/backgroundWorker.ts';
import { logger } from '../src/server/logger.ts';

await openDataFolderForScript('worker');
await migrate();
const worker = await startBackgroundWorker();

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  await worker.stop();
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', (s) => void stop(s));
process.on('SIGTERM', (s) => void stop(s));
