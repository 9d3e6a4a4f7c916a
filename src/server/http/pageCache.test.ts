import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../lib/pageCache.ts';
import { canonicalQuery } from './canonicalQuery.ts';
import { createPageCache } from './pageCache.ts';
import { pipeline } from './requestPipeline.ts';

const TTL_MS = 200;
const settings = { sessionCookie: 'sid', benchRoutes: false };
const pageCache = createPageCache({
  limits: { maxEntries: 10, maxBytes: 1_000_000, ttlMs: TTL_MS, staleMs: 60_000 },
  settings,
  caughtUp: () => Promise.resolve(),
});

/** Every render of the page, in order; a held one answers when the test releases it. */
let renders = 0;
const held: (() => void)[] = [];
let holding = false;

let server: Server;
let port: number;

beforeAll(async () => {
  const render = (_req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    const body = `<!doctype html><title>page</title><p>render ${renders}</p>`;
    const answer = () => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, s-maxage=60',
      });
      res.end(body);
    };
    if (holding) held.push(answer);
    else answer();
  };
  server = createServer(pipeline([canonicalQuery, pageCache.serve, pageCache.capture], render));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  holding = false;
  for (const answer of held.splice(0)) answer();
  pageCache.invalidate();
});

function fetchPage(
  path = '/showcase/1',
  headers: Record<string, string> = {},
): Promise<{ status: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () =>
          resolve({ status: res.headers['x-vitrine-cache'] as string | undefined, body }),
        );
    }).on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (done: () => boolean) => {
  while (!done()) await sleep(5);
};
/** Waits until the page is stored (its copies are compressed after the answer). */
const stored = async () => {
  for (;;) {
    const { status } = await fetchPage();
    if (status === 'hit') return;
    await sleep(10);
  }
};

describe('the page cache renewing a page', () => {
  it('sends the aged-out copy while one request renders its renewal, then the renewal', async () => {
    const first = await fetchPage();
    expect(first).toMatchObject({
      status: 'miss',
      body: expect.stringContaining(`render ${renders}`),
    });
    await stored();
    const kept = first.body;
    await sleep(TTL_MS);

    holding = true;
    const renewal = fetchPage();
    await until(() => held.length === 1);
    const during = await Promise.all([fetchPage(), fetchPage(), fetchPage()]);
    expect(during).toEqual(Array.from({ length: 3 }, () => ({ status: 'stale', body: kept })));
    const rendersBefore = renders;

    held.shift()!();
    const renewed = await renewal;
    expect(renewed.status).toBe('miss');
    expect(renewed.body).not.toBe(kept);
    await stored();
    expect(await fetchPage()).toEqual({ status: 'hit', body: renewed.body });
    expect(renders).toBe(rendersBefore);
  });

  it('never sends a copy from before a change: each request renders until one is kept', async () => {
    await fetchPage();
    await stored();
    await sleep(TTL_MS);

    holding = true;
    const renewal = fetchPage();
    await until(() => held.length === 1);
    pageCache.invalidate();
    const after = fetchPage();
    await until(() => held.length === 2);
    const again = fetchPage();
    await until(() => held.length === 3);
    holding = false;
    for (const answer of held.splice(0)) answer();

    const [renewed, changed, rendered] = await Promise.all([renewal, after, again]);
    expect([renewed.status, changed.status, rendered.status]).toEqual(['miss', 'miss', 'miss']);
    // The render begun before the change is not kept; the first one after it is.
    await stored();
    expect((await fetchPage()).body).toBe(changed.body);
  });

  it('renders for the others when the renewing request ends without a page to keep', async () => {
    await fetchPage();
    await stored();
    await sleep(TTL_MS);

    holding = true;
    const controller = new AbortController();
    const abandoned = new Promise<void>((resolve) => {
      const request = get({
        host: '127.0.0.1',
        port,
        path: '/showcase/1',
        agent: false,
        signal: controller.signal,
      });
      request.on('error', () => resolve());
    });
    await until(() => held.length === 1);
    controller.abort();
    await abandoned;
    holding = false;
    await sleep(20);
    const next = await fetchPage();
    expect(next.status).toBe('miss');
  });
});

describe('the page cache keeping a page', () => {
  const entry = () =>
    pageCache.store.get(
      pageCacheKey(
        { method: 'GET', url: '/showcase/1', headers: { host: `127.0.0.1:${port}` } },
        settings,
      )!,
    );

  it('serves a campaign link the page kept for its plain address', async () => {
    const plain = await fetchPage('/showcase/1');
    await stored();
    const rendersBefore = renders;
    const fromCampaign = await fetchPage('/showcase/1?utm_source=newsletter&fbclid=x1');
    const fromAnother = await fetchPage('/showcase/1?utm_source=social&unknown=2');
    expect(fromCampaign).toEqual({ status: 'hit', body: plain.body });
    expect(fromAnother).toEqual({ status: 'hit', body: plain.body });
    expect(renders).toBe(rendersBefore);
  });

  it('keeps a page asked for once as it was sent, and compresses it at the maximum once asked for again', async () => {
    await fetchPage();
    await until(() => entry() !== undefined);
    expect(entry()).toMatchObject({ best: false });
    expect(Object.keys(entry()!.body)).toEqual(['identity']);

    const again = await fetchPage('/showcase/1', { 'accept-encoding': 'br' });
    expect(again.status).toBe('hit');
    await until(() => entry()?.best === true);
    expect(Object.keys(entry()!.body).sort()).toEqual(['br', 'gzip', 'identity']);
  });
});
