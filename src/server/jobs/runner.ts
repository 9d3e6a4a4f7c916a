/**
 * Runs jobs from the queue: one at a time per runner, its lease renewed every few seconds while
 * it works (a transcode of an hour keeps its job), the result written back. A worker that dies,
 * on whatever machine, stops renewing: after the lease any other worker takes the job over. A
 * job that throws is retried with backoff (src/lib/jobState.ts); after the last attempt its
 * handler's giveUp() tells the owner (e.g. the video shows an error). A database out of reach
 * is nobody's fault: the job goes back without using an attempt, results are written once it
 * is back, and the worker polls ever more slowly until then.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  attemptsLeft,
  backoffMs,
  DEFAULT_RETRY_POLICY,
  type RetryPolicy,
} from '../../lib/jobState.ts';
import { formatWorkerId } from '../../lib/workerId.ts';
import { isStorageFault } from '../storageFault.ts';
import type { Db } from '../db/client.ts';
import { processStartTicks } from '../db/dataDirLock.ts';
import { classifyError } from '../http/errorClassification.ts';
import { metrics } from '../metrics.ts';
import {
  claimJob,
  completeJob,
  failJob,
  releaseJob,
  renewLock,
  reportJobProgress,
  type Job,
} from './queue.ts';

interface JobContext {
  job: Job;
  /** Aborted when the worker stops or loses the job to another worker. */
  signal: AbortSignal;
  /** A line about what the job is doing (the ingest CLI prints these). */
  progress: (message: string) => void;
  /** How far the job is, stored on the job row for the studio to show (a step name and 0–100). */
  report: (step: string, percent: number) => void;
}

export interface JobHandler {
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** Called once when the job is failed for good. */
  giveUp?(payload: Record<string, unknown>, error: string): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

export interface RunnerOptions {
  db: Db;
  handlers: JobHandlers;
  workerId?: string | undefined;
  /** A running job whose lease has not been renewed for this long is taken over: its worker is presumed dead. */
  leaseMs?: number | undefined;
  /** How often the lease of the running job is renewed; well inside leaseMs. */
  renewEveryMs?: number | undefined;
  retry?: RetryPolicy | undefined;
  progress?: ((job: Job, message: string) => void) | undefined;
  /** A job attempt that threw, or a poll that could not reach the database (no job). */
  onError?: ((error: unknown, job: Job | null) => void) | undefined;
  /** Waits between tries while the database is out of reach (maxAttempts is not used). */
  outageBackoff?: RetryPolicy | undefined;
}

/**
 * A dead worker's job is taken over within about 20 s plus a poll; a living worker renews four
 * times a lease, so it would have to miss them all (a database out of its reach that long) to
 * lose its job.
 */
const DEFAULT_LEASE_MS = 20_000;
const DEFAULT_RENEW_EVERY_MS = 5_000;
const RENEW_RETRY_MS = 500;

/** From half a second, doubling, up to half a minute: a restart is caught fast, a long outage not hammered. */
const DEFAULT_OUTAGE_BACKOFF: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

export function newWorkerId(): string {
  return formatWorkerId(
    { host: hostname(), pid: process.pid, startTicks: processStartTicks(process.pid) },
    randomBytes(3).toString('hex'),
  );
}

/** The database is out of reach (not a full or read-only disk, which waiting does not mend). */
function isDatabaseOutage(error: unknown): boolean {
  return classifyError(error) === 'unavailable' && !isStorageFault(error);
}

/** Safe to store and to show: the message of an error, never its stack. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type RunOutcome = 'done' | 'queued' | 'failed' | 'released' | 'idle';

export class JobRunner {
  readonly workerId: string;
  private readonly options: RunnerOptions;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly retry: RetryPolicy;
  private readonly outageBackoff: RetryPolicy;
  private current: AbortController | null = null;
  private readonly stopping = new AbortController();

  constructor(options: RunnerOptions) {
    this.options = options;
    this.workerId = options.workerId ?? newWorkerId();
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewEveryMs = options.renewEveryMs ?? DEFAULT_RENEW_EVERY_MS;
    if (this.renewEveryMs >= this.leaseMs)
      throw new Error(
        `A job's lease (${this.leaseMs} ms) must outlast its renewal interval (${this.renewEveryMs} ms)`,
      );
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.outageBackoff = options.outageBackoff ?? DEFAULT_OUTAGE_BACKOFF;
  }

  /**
   * Writes a job's state, waiting out a database outage: finished work is not redone for
   * want of a connection. Gives up only when the worker stops; the job, still marked
   * running, then goes to the next worker (queue.ts releaseJobsOfGoneWorkers, or the lease).
   */
  private async persist<T>(job: Job, write: () => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await write();
      } catch (error) {
        if (!isDatabaseOutage(error) || this.stopping.signal.aborted) throw error;
        this.options.onError?.(error, job);
        await sleep(backoffMs(tries, this.outageBackoff), undefined, {
          signal: this.stopping.signal,
        }).catch(() => {});
      }
    }
  }

  /** Claims and runs one due job (or the given one); 'idle' when there was none. */
  async runNext(jobId?: number): Promise<RunOutcome> {
    const { db } = this.options;
    const job = await claimJob(db, { workerId: this.workerId, leaseMs: this.leaseMs, jobId });
    if (!job) return 'idle';
    const handler = this.options.handlers[job.kind];
    if (!handler)
      return this.finishFailed(job, `No handler for jobs of kind "${job.kind}"`, undefined, true);
    if (!attemptsLeft(job.attempts, this.retry)) {
      return this.finishFailed(
        job,
        job.error ?? 'The worker running this job stopped responding',
        handler,
        true,
      );
    }
    const stopTimer = metrics().jobDuration.startTimer({ kind: job.kind });
    const outcome = await this.attempt(job, handler);
    stopTimer({ outcome });
    return outcome;
  }

  /** Runs a claimed job with its lease renewed, and writes the result back. */
  private async attempt(job: Job, handler: JobHandler): Promise<RunOutcome> {
    const { db } = this.options;
    const controller = new AbortController();
    this.current = controller;
    let lost = false;
    const stopRenewing = this.keepLease(job, () => {
      lost = true;
      controller.abort(new Error('job taken over by another worker'));
    });
    try {
      const report = (step: string, percent: number) => {
        // Progress is a courtesy to whoever watches: a write that fails must not fail the job.
        reportJobProgress(db, job, this.workerId, step, percent).catch(() => {});
      };
      await handler.run(job.payload, {
        job,
        signal: controller.signal,
        progress: (message) => this.options.progress?.(job, message),
        report,
      });
      if (lost) return 'released';
      await this.persist(job, () => completeJob(db, job, this.workerId));
      return 'done';
    } catch (error) {
      if (lost) return 'released';
      if (controller.signal.aborted) {
        await this.persist(job, () => releaseJob(db, job, this.workerId));
        return 'released';
      }
      if (isDatabaseOutage(error)) {
        // Not the job's fault: back to the queue without using an attempt; the worker waits.
        await this.persist(job, () => releaseJob(db, job, this.workerId));
        throw error;
      }
      this.options.onError?.(error, job);
      return this.finishFailed(job, describe(error), handler, false);
    } finally {
      stopRenewing();
      this.current = null;
    }
  }

  /**
   * Renews the job's lease every renewEveryMs, one renewal at a time, until the returned stop
   * is called; `onLost` when another worker has the job (this one missed its lease). A renewal
   * that fails (the database out of reach) is tried again within half a second: when the
   * database is back, this worker renews before the others, polling more slowly by then, find
   * the lease lapsed.
   */
  private keepLease(job: Job, onLost: () => void): () => void {
    const { db } = this.options;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const renewIn = (ms: number) => (timer = setTimeout(() => void renew(), ms));
    const renew = async () => {
      const held = await renewLock(db, job, this.workerId).catch(() => null);
      if (stopped) return;
      if (held === false) return onLost();
      renewIn(held ? this.renewEveryMs : Math.min(this.renewEveryMs, RENEW_RETRY_MS));
    };
    renewIn(this.renewEveryMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  private async finishFailed(
    job: Job,
    error: string,
    handler: JobHandler | undefined,
    final: boolean,
  ): Promise<RunOutcome> {
    const { db } = this.options;
    const outcome = await this.persist(job, () =>
      failJob(db, job, this.workerId, error, { policy: this.retry, final }),
    );
    if (outcome === 'failed' && handler?.giveUp)
      await this.persist(job, () => handler.giveUp!(job.payload, error));
    return outcome;
  }

  /** Interrupts the running job; it goes back to the queue without using an attempt. */
  abort(): void {
    this.stopping.abort();
    this.current?.abort(new Error('worker stopping'));
  }
}

export interface Worker {
  /** Stops polling, interrupts the running job (handing it back) and resolves when idle. */
  stop(): Promise<void>;
}

/** Polls the queue until stopped: the in-process worker of the server and `npm run worker`. */
export function startWorker(options: RunnerOptions & { pollMs?: number | undefined }): Worker {
  const runner = new JobRunner(options);
  const stopping = new AbortController();
  const pollMs = options.pollMs ?? 2000;
  const outageBackoff = {
    ...(options.outageBackoff ?? DEFAULT_OUTAGE_BACKOFF),
    baseDelayMs: pollMs,
  };
  const loop = (async () => {
    let failedPolls = 0;
    while (!stopping.signal.aborted) {
      let outcome: RunOutcome;
      try {
        outcome = await runner.runNext();
        failedPolls = 0;
      } catch (error) {
        // The database went away: poll again, more slowly each time, rather than die.
        options.onError?.(error, null);
        failedPolls += 1;
        outcome = 'idle';
      }
      const wait = failedPolls > 0 ? backoffMs(failedPolls, outageBackoff) : pollMs;
      if (outcome === 'idle')
        await sleep(wait, undefined, { signal: stopping.signal }).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      runner.abort();
      await loop;
    },
  };
}
