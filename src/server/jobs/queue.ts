/**
 * The job table as a queue: enqueue, claim with FOR UPDATE SKIP LOCKED (so any number of
 * workers, in the server or in `npm run worker`, share it without taking a job twice), renew
 * the lock while running, and finish. The transitions follow src/lib/jobState.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterFailure, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../lib/jobState.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { jobs } from '../db/schema.ts';

export type Job = typeof jobs.$inferSelect;

export async function enqueueJob(
  db: Pick<Db, 'insert'>,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date = new Date(),
): Promise<number> {
  const [row] = await db.insert(jobs).values({ kind, payload, runAt }).returning({ id: jobs.id });
  return row!.id;
}

export interface ClaimOptions {
  workerId: string;
  /** A running job whose lock is older than this belongs to a dead worker. */
  leaseMs: number;
  /** Only this job (the ingest CLI runs the job it just made). */
  jobId?: number | undefined;
}

/**
 * Takes the next due job, or a running one whose worker stopped renewing its lock, and
 * counts the attempt. null when nothing is due.
 */
export async function claimJob(
  db: Db,
  { workerId, leaseMs, jobId }: ClaimOptions,
): Promise<Job | null> {
  const only = jobId === undefined ? sql`` : sql`and id = ${jobId}`;
  const claimed = await rows<{ id: number }>(
    db,
    sql`update jobs
        set status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
        where id = (
          select id from jobs
          where ((status = 'queued' and run_at <= now())
             or (status = 'running' and locked_at < now() - make_interval(secs => ${leaseMs / 1000})))
            ${only}
          order by run_at, id
          limit 1
          for update skip locked
        )
        returning id`,
  );
  const id = claimed[0]?.id;
  if (id === undefined) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** Renews the lock; false when another worker has taken the job over (our lease ran out). */
export async function renewLock(db: Db, job: Pick<Job, 'id'>, workerId: string): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Where a running job is (0–100 and a step name), for those who follow it; only its holder writes. */
export async function reportJobProgress(
  db: Db,
  job: Pick<Job, 'id'>,
  workerId: string,
  step: string,
  percent: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({ step, progress: Math.max(0, Math.min(100, Math.round(percent))) })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)));
}

export async function completeJob(db: Db, job: Pick<Job, 'id'>, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedAt: null, lockedBy: null, error: null, progress: 100 })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

/**
 * Queues the job again after a backoff, or fails it for good (`final`: retrying cannot help);
 * says which.
 */
export async function failJob(
  db: Db,
  job: Pick<Job, 'id' | 'attempts'>,
  workerId: string,
  error: string,
  { policy = DEFAULT_RETRY_POLICY, final = false }: { policy?: RetryPolicy; final?: boolean } = {},
): Promise<'queued' | 'failed'> {
  const outcome = final
    ? ({ status: 'failed' } as const)
    : afterFailure(job.attempts, new Date(), policy);
  await db
    .update(jobs)
    .set({
      status: outcome.status,
      error,
      lockedAt: null,
      lockedBy: null,
      ...(outcome.status === 'queued' ? { runAt: outcome.runAt } : {}),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return outcome.status;
}

/** Hands an interrupted job back (a worker shutting down): the attempt does not count. */
export async function releaseJob(db: Db, job: Pick<Job, 'id'>, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

export async function findJob(db: Db, id: number): Promise<Job | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/**
 * At a worker's start: hands back the running jobs of workers that are gone (killed, crashed)
 * without using an attempt, rather than waiting out their lease; says how many.
 */
export async function releaseJobsOfGoneWorkers(
  db: Db,
  isGone: (workerId: string) => boolean,
): Promise<number> {
  const running = await db
    .select({ id: jobs.id, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(eq(jobs.status, 'running'));
  let released = 0;
  for (const job of running) {
    if (job.lockedBy === null || !isGone(job.lockedBy)) continue;
    await releaseJob(db, job, job.lockedBy);
    released += 1;
  }
  return released;
}
