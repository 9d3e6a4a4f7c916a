/**
 * What a load balancer reads from /healthz once the server is ready: Redis where REDIS_URL is
 * set (a real Redis, and a port nobody listens on) and the live ingest where this process runs
 * it, beside the database (of this file's own) and the media store.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';
import { reachable } from '../reachable.ts';

await useTestDatabase('healthz');

const { healthz } = await import('./healthz.ts');

const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const redisUp = await reachable(REDIS_URL);

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

/** /healthz of a ready server with these parts, as a load balancer reads it. */
async function probe(parts: Parameters<typeof healthz>[1]) {
  const step = healthz(() => true, parts);
  const server = createServer((req, res) => step(req, res, () => res.writeHead(404).end()));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as unknown,
  };
}

/** A port that was free a moment ago: nothing answers there. */
async function closedPort(): Promise<number> {
  const socket = createNetServer();
  await new Promise<void>((resolve) => socket.listen(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  await new Promise((resolve) => socket.close(resolve));
  return port;
}

describe('/healthz', () => {
  it('checks the database and the media store alone when nothing else is set', async () => {
    expect(await probe({})).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok', checks: { database: 'ok', media: 'ok' } },
    });
  });

  it('answers 503 naming Redis when REDIS_URL points where nothing answers', async () => {
    const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
    expect(await probe({ redisUrl })).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { status: 'failing', checks: { database: 'ok', media: 'ok', redis: 'failing' } },
    });
  });

  it.skipIf(!redisUp)(
    `reports Redis ok when it answers a PING${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
    async () => {
      expect(await probe({ redisUrl: REDIS_URL })).toMatchObject({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', media: 'ok', redis: 'ok' } },
      });
    },
  );

  it('answers 503 naming the live ingest once its listener no longer listens', async () => {
    const ingest = createNetServer();
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const ingestListening = () => ingest.listening;
    expect(await probe({ ingestListening })).toMatchObject({
      status: 200,
      body: { checks: { database: 'ok', media: 'ok', rtmp: 'ok' } },
    });
    await new Promise((resolve) => ingest.close(resolve));
    expect(await probe({ ingestListening })).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { status: 'failing', checks: { database: 'ok', media: 'ok', rtmp: 'failing' } },
    });
  });

  it('leaves the live ingest out where this process runs none', async () => {
    expect((await probe({ ingestListening: () => null })).body).toEqual({
      status: 'ok',
      checks: { database: 'ok', media: 'ok' },
    });
  });
});
