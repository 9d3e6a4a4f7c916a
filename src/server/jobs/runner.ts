/**
 * Runs jobs from the queue: one at a time per runner, its lock renewed while it works, the
 * result written back. A job that throws is retried with backoff (src/lib/jobState.ts); after
 * the last attempt its handler's giveUp() tells the owner (e.g. the video shows an error).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { attemptsLeft, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../lib/jobState.ts';
import type { Db } from '../db/client.ts';
import { claimJob, completeJob, failJob, releaseJob, renewLock, type Job } from './queue.ts';

export interface JobContext {
  job: Job;
  /** Aborted when the worker stops or loses the job to another worker. */
  signal: AbortSignal;
  /** A line about what the job is doing (the ingest CLI prints these). */
  progress: (message: string) => void;
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
  /** A worker that has not renewed its lock for this long is presumed dead. */
  leaseMs?: number | undefined;
  retry?: RetryPolicy | undefined;
  progress?: ((job: Job, message: string) => void) | undefined;
  /** A job attempt that threw, or a poll that could not reach the database (no job). */
  onError?: ((error: unknown, job: Job | null) => void) | undefined;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
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
  private readonly retry: RetryPolicy;
  private current: AbortController | null = null;

  constructor(options: RunnerOptions) {
    this.options = options;
    this.workerId = options.workerId ?? newWorkerId();
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  /** Claims and runs one due job (or the given one); 'idle' when there was none. */
  async runNext(jobId?: number): Promise<RunOutcome> {
    const { db } = this.options;
    const job = await claimJob(db, { workerId: this.workerId, leaseMs: this.leaseMs, jobId });
    if (!job) return 'idle';
    const handler = this.options.handlers[job.kind];
    if (!handler) return this.finishFailed(job, `No handler for jobs of kind "${job.kind}"`, undefined, true);
    if (!attemptsLeft(job.attempts, this.retry)) {
      return this.finishFailed(job, job.error ?? 'The worker running this job stopped responding', handler, true);
    }

    const controller = new AbortController();
    this.current = controller;
    let lost = false;
    // Renewed well inside the lease, so only a dead (or frozen) worker loses its job.
    const heartbeat = setInterval(() => {
      renewLock(db, job, this.workerId).then(
        (held) => {
          if (!held) {
            lost = true;
            controller.abort(new Error('job taken over by another worker'));
          }
        },
        () => {},
      );
    }, Math.max(1000, this.leaseMs / 3));
    try {
      await handler.run(job.payload, { job, signal: controller.signal, progress: (message) => this.options.progress?.(job, message) });
      if (lost) return 'released';
      await completeJob(db, job, this.workerId);
      return 'done';
    } catch (error) {
      if (lost) return 'released';
      if (controller.signal.aborted) {
        await releaseJob(db, job, this.workerId);
        return 'released';
      }
      this.options.onError?.(error, job);
      return this.finishFailed(job, describe(error), handler, false);
    } finally {
      clearInterval(heartbeat);
      this.current = null;
    }
  }

  private async finishFailed(job: Job, error: string, handler: JobHandler | undefined, final: boolean): Promise<RunOutcome> {
    const { db } = this.options;
    const outcome = await failJob(db, job, this.workerId, error, { policy: this.retry, final });
    if (outcome === 'failed') await handler?.giveUp?.(job.payload, error);
    return outcome;
  }

  /** Interrupts the running job; it goes back to the queue without using an attempt. */
  abort(): void {
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
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let outcome: RunOutcome;
      try {
        outcome = await runner.runNext();
      } catch (error) {
        // The database went away for a moment: wait and poll again rather than die.
        options.onError?.(error, null);
        outcome = 'idle';
      }
      if (outcome === 'idle') await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});
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
