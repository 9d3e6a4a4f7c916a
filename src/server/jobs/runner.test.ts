/**
 * The job runner against a real database (PGlite in a temporary folder, or DATABASE_URL):
 * retries with backoff, giving up, a crashed worker's job taken over, a living worker's kept,
 * a clean stop.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('jobs');

const { getDb } = await import('../db/client.ts');
const { clearDatabase } = await import('../seed/seedDemo.ts');
const { jobs } = await import('../db/schema.ts');
const { eq, sql } = await import('drizzle-orm');
const { rows } = await import('../db/rows.ts');
const { claimJob, enqueueJob, findJob } = await import('./queue.ts');
const { JobRunner, startWorker } = await import('./runner.ts');

const retry = { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 };

beforeEach(async () => {
  await clearDatabase();
});

const makeDue = async (id: number) =>
  (await getDb())
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, id));

describe('claimJob', () => {
  it('never gives one job to two workers claiming at the same time', async () => {
    const db = await getDb();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await enqueueJob(db, 'echo', { i }));
    const claims = await Promise.all(
      ids.map((_, i) => claimJob(db, { workerId: `worker-${i}`, leaseMs: 60_000 })),
    );
    expect(claims.map((job) => job?.id).sort((a, b) => a! - b!)).toEqual(ids);
    expect(await claimJob(db, { workerId: 'late', leaseMs: 60_000 })).toBeNull();
  });
});

describe('JobRunner', () => {
  it('runs a queued job once and marks it done', async () => {
    const db = await getDb();
    const seen: unknown[] = [];
    const id = await enqueueJob(db, 'echo', { n: 1 });
    const runner = new JobRunner({
      db,
      handlers: { echo: { run: async (payload) => void seen.push(payload) } },
      retry,
    });
    expect(await runner.runNext()).toBe('done');
    expect(await runner.runNext()).toBe('idle');
    expect(seen).toEqual([{ n: 1 }]);
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('queues a failed job again later with its error, and runs it when due', async () => {
    const db = await getDb();
    let calls = 0;
    const id = await enqueueJob(db, 'flaky', {});
    const runner = new JobRunner({
      db,
      retry,
      handlers: {
        flaky: {
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('disk full');
          },
        },
      },
    });
    const before = Date.now();
    expect(await runner.runNext()).toBe('queued');
    const waiting = await findJob(db, id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, error: 'disk full' });
    expect(waiting!.runAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    // Not due yet: nothing to run.
    expect(await runner.runNext()).toBe('idle');
    await makeDue(id);
    expect(await runner.runNext()).toBe('done');
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails the job after the last attempt and tells its handler', async () => {
    const db = await getDb();
    const gaveUp: string[] = [];
    const id = await enqueueJob(db, 'broken', { videoId: 7 });
    const runner = new JobRunner({
      db,
      retry,
      handlers: {
        broken: {
          run: async () => Promise.reject(new Error('ffmpeg exploded')),
          giveUp: async (_p, error) => void gaveUp.push(error),
        },
      },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(id);
      expect(await runner.runNext()).toBe(attempt < 3 ? 'queued' : 'failed');
    }
    expect(await findJob(db, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'ffmpeg exploded',
    });
    expect(gaveUp).toEqual(['ffmpeg exploded']);
  });

  it('takes over a job whose worker died, once its lease has run out', async () => {
    const db = await getDb();
    const id = await enqueueJob(db, 'echo', {});
    // A worker claims the job, then its process is killed: the lock is never renewed.
    const dead = await claimJob(db, { workerId: 'dead-worker', leaseMs: 60_000 });
    expect(dead?.id).toBe(id);
    let ran = 0;
    const survivor = new JobRunner({
      db,
      workerId: 'survivor',
      leaseMs: 60_000,
      retry,
      handlers: { echo: { run: async () => void ran++ } },
    });
    // Within the lease the job still belongs to the dead worker.
    expect(await survivor.runNext()).toBe('idle');
    await db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '2 minutes'` })
      .where(eq(jobs.id, id));
    expect(await survivor.runNext()).toBe('done');
    expect(ran).toBe(1);
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job whose workers keep dying once every attempt is used', async () => {
    const db = await getDb();
    const gaveUp: string[] = [];
    const id = await enqueueJob(db, 'crashy', {});
    for (let crash = 1; crash <= 3; crash++) {
      await claimJob(db, { workerId: `dead-${crash}`, leaseMs: 60_000 });
      await db
        .update(jobs)
        .set({ lockedAt: sql`now() - interval '2 minutes'` })
        .where(eq(jobs.id, id));
    }
    const runner = new JobRunner({
      db,
      leaseMs: 60_000,
      retry,
      handlers: {
        crashy: { run: async () => {}, giveUp: async (_p, error) => void gaveUp.push(error) },
      },
    });
    expect(await runner.runNext()).toBe('failed');
    expect(await findJob(db, id)).toMatchObject({ status: 'failed', attempts: 4 });
    expect(gaveUp).toEqual(['The worker running this job stopped responding']);
  });

  it('hands a running job back, without using an attempt, when the worker stops', async () => {
    const db = await getDb();
    const id = await enqueueJob(db, 'long', {});
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker({
      db,
      retry,
      pollMs: 50,
      handlers: {
        long: {
          run: (_payload, { signal }) =>
            new Promise((_resolve, reject) => {
              started();
              signal.addEventListener('abort', () => reject(signal.reason as Error));
            }),
        },
      },
    });
    await running;
    await worker.stop();
    expect(await findJob(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});

const outage = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** The database as the worker sees it: every call fails while `down` is set. */
async function flakyDatabase() {
  const db = await getDb();
  const link = { down: false, failures: 0 };
  const flaky = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (link.down) {
          link.failures += 1;
          throw outage();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db, flaky, link };
}

/** A lease of 1.5 s renewed every 0.1 s: each worker below is another machine's. */
const lease = { leaseMs: 1_500, renewEveryMs: 100 };

const until = async (condition: () => boolean | Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** A handler whose runs last until the test lets the latest one finish or its worker aborts it. */
function heldJob() {
  let finish!: () => void;
  let started!: (value: void) => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const runs: string[] = [];
  const handler = (worker: string) => ({
    run: (_payload: unknown, { signal }: { signal: AbortSignal }) =>
      new Promise<void>((resolve, reject) => {
        runs.push(worker);
        finish = resolve;
        started();
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      }),
  });
  return { handler, runs, running, finish: () => finish() };
}

/** The database's clock, which leases are measured by. */
const databaseNow = async () =>
  Number(
    (
      await rows<{ ms: number }>(await getDb(), sql`select extract(epoch from now()) * 1000 as ms`)
    )[0]!.ms,
  );

describe('the lease of a running job', () => {
  it('passes to another worker once its worker stops renewing it', async () => {
    const { db, flaky, link } = await flakyDatabase();
    const id = await enqueueJob(db, 'long', {});
    const job = heldJob();
    // The first worker starts the job, then loses the database for good: to the others it is dead.
    const first = new JobRunner({
      db: flaky,
      workerId: 'first',
      retry,
      ...lease,
      handlers: { long: job.handler('first') },
    });
    const firstOutcome = first.runNext();
    await job.running;
    link.down = true;

    const second = startWorker({
      db,
      workerId: 'second',
      retry,
      pollMs: 20,
      ...lease,
      handlers: { long: job.handler('second') },
    });
    await until(() => job.runs.length === 2);
    expect(job.runs).toEqual(['first', 'second']);
    expect(await findJob(db, id)).toMatchObject({
      status: 'running',
      lockedBy: 'second',
      attempts: 2,
    });
    job.finish();
    await until(async () => (await findJob(db, id))?.status === 'done');
    await second.stop();

    // Back in reach, the first worker finds the job gone and drops its attempt.
    link.down = false;
    expect(await firstOutcome).toBe('released');
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('stays with a worker that keeps renewing it, however long the job runs', async () => {
    const db = await getDb();
    const id = await enqueueJob(db, 'long', {});
    const job = heldJob();
    const first = new JobRunner({
      db,
      workerId: 'first',
      retry,
      ...lease,
      handlers: { long: job.handler('first') },
    });
    const firstOutcome = first.runNext();
    await job.running;
    const startedAt = await databaseNow();

    const second = startWorker({
      db,
      workerId: 'second',
      retry,
      pollMs: 20,
      ...lease,
      handlers: { long: job.handler('second') },
    });
    // Three leases go by while the second worker polls.
    await until(async () => (await databaseNow()) - startedAt > 3 * lease.leaseMs);
    await second.stop();
    expect(job.runs).toEqual(['first']);
    expect(await findJob(db, id)).toMatchObject({
      status: 'running',
      lockedBy: 'first',
      attempts: 1,
    });

    job.finish();
    expect(await firstOutcome).toBe('done');
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('a database outage', () => {
  const fast = { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 5, maxDelayMs: 20 };

  it('leaves the worker polling until the database is back, and its jobs then run', async () => {
    const { db, flaky, link } = await flakyDatabase();
    const id = await enqueueJob(db, 'echo', {});
    link.down = true;
    const errors: unknown[] = [];
    const worker = startWorker({
      db: flaky,
      retry,
      pollMs: 5,
      outageBackoff: fast,
      handlers: { echo: { run: async () => {} } },
      onError: (error) => void errors.push(error),
    });
    await until(() => errors.length >= 3);
    link.down = false;
    await until(async () => (await findJob(db, id))?.status === 'done');
    await worker.stop();
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('does not run a finished job again when its result could not be written at first', async () => {
    const { db, flaky, link } = await flakyDatabase();
    const id = await enqueueJob(db, 'once', {});
    let runs = 0;
    const runner = new JobRunner({
      db: flaky,
      retry,
      outageBackoff: fast,
      handlers: {
        once: {
          run: async () => {
            runs += 1;
            link.down = true;
            setTimeout(() => (link.down = false), 100);
          },
        },
      },
    });
    expect(await runner.runNext()).toBe('done');
    expect(link.failures).toBeGreaterThan(0);
    expect(runs).toBe(1);
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands back a job it interrupted, without using an attempt', async () => {
    const db = await getDb();
    const id = await enqueueJob(db, 'cut', {});
    let runs = 0;
    const runner = new JobRunner({
      db,
      retry: { ...retry, maxAttempts: 1 },
      outageBackoff: fast,
      handlers: {
        cut: {
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('query failed', { cause: outage() });
          },
        },
      },
    });
    await expect(runner.runNext()).rejects.toThrow('query failed');
    expect(await findJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await runner.runNext()).toBe('done');
    expect(runs).toBe(2);
  });

  it('queues again, at start, the jobs of a worker that was killed', async () => {
    const { releaseJobsOfGoneWorkers } = await import('./queue.ts');
    const db = await getDb();
    const id = await enqueueJob(db, 'echo', {});
    await claimJob(db, { workerId: 'host:999999:dead', leaseMs: 60_000 });
    expect(await releaseJobsOfGoneWorkers(db, (workerId) => workerId === 'host:999999:dead')).toBe(
      1,
    );
    expect(await findJob(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});
