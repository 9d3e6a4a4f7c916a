/**
 * The site's namespace in Redis against a real database and Redis (REDIS_URL, else
 * 127.0.0.1:6379): every process of a site names its channels and keys alike without
 * configuration, another site (another database or data folder) otherwise, REDIS_PREFIX as
 * set; and the app's chat bus and rate limiters use it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { reachable } from './reachable.ts';
import { useTestDatabase } from './db/testDatabase.ts';

const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);
// The app's stores of this process use Redis, under the default namespace.
process.env['REDIS_URL'] = REDIS_URL;
delete process.env['REDIS_PREFIX'];
delete process.env['RATE_LIMIT_STORE'];
await useTestDatabase('redisns');

const { closeDb } = await import('./db/client.ts');
const { redisName } = await import('./redisNamespace.ts');
const { chatBus, closeChatBus } = await import('./chat/chatBus.ts');
const { closeRateLimiters, consume } = await import('./rateLimit/rateLimiter.ts');

const module = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

/** The name another process gives the chat channel, with `env` over this process's settings. */
function chatChannelOf(env: Record<string, string | undefined>): string {
  const script = `
    import { migrate } from ${module('./db/migrate.ts')};
    import { closeDb } from ${module('./db/client.ts')};
    import { redisName } from ${module('./redisNamespace.ts')};
    await migrate();
    console.log(await redisName('chat'));
    await closeDb();
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

describe('the namespace', () => {
  const otherDataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-redisns-other-'));
  afterAll(() => rmSync(otherDataDir, { recursive: true, force: true }));

  it('is the same for every process of a site, and its own for each site', async () => {
    const here = await redisName('chat');
    expect(here).toMatch(/^vitrine:[\w-]{12}:chat$/);
    // An embedded database opens in one process at a time.
    await closeDb();
    expect(chatChannelOf({})).toBe(here);
    const otherSite = chatChannelOf({ DATA_DIR: otherDataDir, DATABASE_URL: undefined });
    expect(otherSite).toMatch(/^vitrine:[\w-]{12}:chat$/);
    expect(otherSite).not.toBe(here);
  });

  it('is REDIS_PREFIX when it is set', () => {
    expect(chatChannelOf({ REDIS_PREFIX: 'shop-eu' })).toBe('shop-eu:chat');
  });
});

describe.skipIf(!redisUp)(
  `the app's Redis stores${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
  () => {
    const admin = redisUp ? new Redis(REDIS_URL) : undefined;
    afterAll(async () => {
      await closeChatBus();
      await closeRateLimiters();
      const keys = await admin!.keys(`${await redisName('rl')}:*`);
      if (keys.length) await admin!.del(...keys);
      await admin!.quit();
    });

    it('publish chat on the channel of the site', async () => {
      const listener = new Redis(REDIS_URL);
      try {
        const channel = await redisName('chat');
        await listener.subscribe(channel);
        const heard = new Promise<string>((resolve) =>
          listener.once('message', (_c, m) => resolve(m)),
        );
        await chatBus().publish({ type: 'deleted', roomId: 2, ids: [7] });
        expect(JSON.parse(await heard)).toEqual({ type: 'deleted', roomId: 2, ids: [7] });
      } finally {
        listener.disconnect();
      }
    });

    it("count rate limits under the site's keys", async () => {
      await consume('shareEmail', 'user:namespaced');
      expect(await admin!.keys(`${await redisName('rl')}:shareEmail:*`)).toHaveLength(1);
    });
  },
);
