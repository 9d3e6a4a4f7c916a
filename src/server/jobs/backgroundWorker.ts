/**
 * The worker as the server and `npm run worker` run it: takes back the jobs of a worker killed
 * on this machine, polls the job table with the real handlers and logs what happens. Stop it
 * before closing the database.
 */
import { hostname } from 'node:os';
import { parseWorkerId } from '../../lib/workerId.ts';
import { getDb } from '../db/client.ts';
import { processIsAlive } from '../db/dataDirLock.ts';
import { logger } from '../logger.ts';
import { jobHandlers } from './handlers.ts';
import { releaseJobsOfGoneWorkers } from './queue.ts';
import { newWorkerId, startWorker, type Worker } from './runner.ts';

/** A worker of this machine whose process has ended (or whose pid now runs another program). */
export function isGoneWorker(workerId: string): boolean {
  const who = parseWorkerId(workerId);
  return who !== null && who.host === hostname() && !processIsAlive(who.pid, who.startTicks);
}

export async function startBackgroundWorker(): Promise<Worker> {
  const workerId = newWorkerId();
  const log = logger.child({ worker: workerId });
  const db = await getDb();
  const released = await releaseJobsOfGoneWorkers(db, isGoneWorker);
  if (released > 0) log.info({ released }, 'jobs of a stopped worker are queued again');
  const worker = startWorker({
    db,
    handlers: jobHandlers(),
    workerId,
    progress: (job, message) => log.info({ job: job.id, kind: job.kind }, message),
    onError: (error, job) =>
      log.warn(
        { job: job?.id, kind: job?.kind, err: error },
        job ? 'job attempt failed' : 'job queue unreachable',
      ),
  });
  log.info('job worker started');
  return worker;
}
