/**
 * The worker as the server and `npm run worker` run it: polls the job table with the real
 * handlers and logs what happens. Stop it before closing the database.
 */
import { getDb } from '../db/client.ts';
import { logger } from '../logger.ts';
import { jobHandlers } from './handlers.ts';
import { newWorkerId, startWorker, type Worker } from './runner.ts';

export async function startBackgroundWorker(): Promise<Worker> {
  const workerId = newWorkerId();
  const log = logger.child({ worker: workerId });
  const worker = startWorker({
    db: await getDb(),
    handlers: jobHandlers(),
    workerId,
    progress: (job, message) => log.info({ job: job.id, kind: job.kind }, message),
    onError: (error, job) => log.warn({ job: job?.id, kind: job?.kind, err: error }, job ? 'job attempt failed' : 'job queue unreachable'),
  });
  log.info('job worker started');
  return worker;
}
