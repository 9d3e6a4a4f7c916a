/**
 * The job runner against a real database (PGlite in a temporary folder, or DATABASE_URL):
 * retries with backoff, giving up, a crashed worker's job taken over, a clean stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-jobs-'));
process.env['DATA_DIR'] = dataDir;

const { closeDb, getDb } = await import('../db/client.ts');
const { migrate } = await import('../db/migrate.ts');
const { clearDatabase } = await import('../seed/seedDemo.ts');
const { jobs } = await import('../db/schema.ts');
const { eq, sql } = await import('drizzle-orm');
const { claimJob, enqueueJob, findJob } = await import('./queue.ts');
const { JobRunner, startWorker } = await import('./runner.ts');

const retry = { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 };

beforeAll(async () => {
  await migrate();
});

beforeEach(async () => {
  await clearDatabase();
});

afterAll(async () => {
  await clearDatabase();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const makeDue = async (id: number) => (await getDb()).update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));

describe('claimJob', () => {
  it('never gives one job to two workers claiming at the same time', async () => {
    const db = await getDb();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await enqueueJob(db, 'echo', { i }));
    const claims = await Promise.all(ids.map((_, i) => claimJob(db, { workerId: `worker-${i}`, leaseMs: 60_000 })));
    expect(claims.map((job) => job?.id).sort((a, b) => a! - b!)).toEqual(ids);
    expect(await claimJob(db, { workerId: 'late', leaseMs: 60_000 })).toBeNull();
  });
});

describe('JobRunner', () => {
  it('runs a queued job once and marks it done', async () => {
    const db = await getDb();
    const seen: unknown[] = [];
    const id = await enqueueJob(db, 'echo', { n: 1 });
    const runner = new JobRunner({ db, handlers: { echo: { run: async (payload) => void seen.push(payload) } }, retry });
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
      handlers: { broken: { run: async () => Promise.reject(new Error('ffmpeg exploded')), giveUp: async (_p, error) => void gaveUp.push(error) } },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(id);
      expect(await runner.runNext()).toBe(attempt < 3 ? 'queued' : 'failed');
    }
    expect(await findJob(db, id)).toMatchObject({ status: 'failed', attempts: 3, error: 'ffmpeg exploded' });
    expect(gaveUp).toEqual(['ffmpeg exploded']);
  });

  it('takes over a job whose worker died, once its lease has run out', async () => {
    const db = await getDb();
    const id = await enqueueJob(db, 'echo', {});
    // A worker claims the job, then its process is killed: the lock is never renewed.
    const dead = await claimJob(db, { workerId: 'dead-worker', leaseMs: 60_000 });
    expect(dead?.id).toBe(id);
    let ran = 0;
    const survivor = new JobRunner({ db, workerId: 'survivor', leaseMs: 60_000, retry, handlers: { echo: { run: async () => void ran++ } } });
    // Within the lease the job still belongs to the dead worker.
    expect(await survivor.runNext()).toBe('idle');
    await db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, id));
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
      await db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, id));
    }
    const runner = new JobRunner({ db, leaseMs: 60_000, retry, handlers: { crashy: { run: async () => {}, giveUp: async (_p, error) => void gaveUp.push(error) } } });
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
