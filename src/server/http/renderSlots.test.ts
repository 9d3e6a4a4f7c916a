import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pipeline } from './requestPipeline.ts';
import { isPageRender, renderSlots } from './renderSlots.ts';

describe('isPageRender', () => {
  it('takes GET and HEAD of pages, in any locale', () => {
    expect(isPageRender('GET', '/showcase/1?page=2')).toBe(true);
    expect(isPageRender('HEAD', '/')).toBe(true);
    expect(isPageRender('GET', '/ja-JP/stock')).toBe(true);
    expect(isPageRender('GET', '/live-chat/3?embed=1')).toBe(true);
  });

  it('leaves out writes, the API, files, media and event streams', () => {
    expect(isPageRender('POST', '/showcase/1/password')).toBe(false);
    expect(isPageRender('GET', '/api/albums/1')).toBe(false);
    expect(isPageRender('GET', '/_astro/client.js')).toBe(false);
    expect(isPageRender('GET', '/media/demo/a/hls/index.m3u8')).toBe(false);
    expect(isPageRender('GET', '/thumbnails/1-abc-640.jpg')).toBe(false);
    expect(isPageRender('GET', '/live_chat/3/events')).toBe(false);
    expect(isPageRender('GET', '/sitemap.xml')).toBe(false);
  });
});

describe('renderSlots', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  /** A server whose pages finish when the test says, recording which began. */
  async function serve(slots: number, maxHoldMs: number, maxWaiting = 100) {
    const begun: string[] = [];
    const finish = new Map<string, () => void>();
    server = createServer(
      pipeline([renderSlots({ slots, maxHoldMs, maxWaiting })], (req, res) => {
        begun.push(req.url!);
        finish.set(req.url!, () => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(`<p>${req.url}</p>`);
        });
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { begun, finish, base, get: (path: string) => fetch(base + path).then((r) => r.text()) };
  }

  /** Waits until `count` pages began, then a moment more for any that should not. */
  const begunBy = async (begun: string[], count: number) => {
    await vi.waitFor(() => expect(begun.length).toBeGreaterThanOrEqual(count));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('renders as many pages at once as it has slots, the next when one has written its head', async () => {
    const { begun, finish, get } = await serve(2, 60_000);
    const pages = ['/a', '/b', '/c'].map(get);
    await begunBy(begun, 2);
    expect(begun).toHaveLength(2);
    finish.get(begun[0]!)!();
    await begunBy(begun, 3);
    expect(begun.toSorted()).toEqual(['/a', '/b', '/c']);
    finish.get(begun[1]!)!();
    finish.get(begun[2]!)!();
    expect(await Promise.all(pages)).toEqual(['<p>/a</p>', '<p>/b</p>', '<p>/c</p>']);
  });

  it('does not hold back what is not a page', async () => {
    const { begun, finish, get } = await serve(1, 60_000);
    const page = get('/a');
    const api = get('/api/albums');
    await begunBy(begun, 2);
    expect(begun.toSorted()).toEqual(['/a', '/api/albums']);
    finish.get('/a')!();
    finish.get('/api/albums')!();
    await Promise.all([page, api]);
  });

  it('lets the next page start when a render waits on something else for too long', async () => {
    const { begun, finish, get } = await serve(1, 100);
    const slow = get('/slow');
    await begunBy(begun, 1);
    const next = get('/next');
    await vi.waitFor(() => expect(begun).toEqual(['/slow', '/next']), { timeout: 5_000 });
    const pages = [slow, next];
    finish.get('/next')!();
    finish.get('/slow')!();
    await Promise.all(pages);
  });

  it("answers 503 with Retry-After at once, in the viewer's language, when the line is full", async () => {
    const { begun, finish, base, get } = await serve(1, 60_000, 1);
    const rendering = get('/a');
    await begunBy(begun, 1);
    const waiting = get('/b');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await fetch(`${base}/fr-FR/c`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.text()).toContain('Très sollicité en ce moment');
    const api = fetch(`${base}/api/albums`);
    await begunBy(begun, 2);
    expect(begun).toEqual(['/a', '/api/albums']);
    finish.get('/api/albums')!();
    expect((await api).status).toBe(200);
    finish.get('/a')!();
    await begunBy(begun, 3);
    finish.get('/b')!();
    expect(await Promise.all([rendering, waiting])).toEqual(['<p>/a</p>', '<p>/b</p>']);
  });

  it('never starts a render whose client left while it waited', async () => {
    const { begun, finish, base, get } = await serve(1, 60_000);
    const rendering = get('/a');
    await begunBy(begun, 1);
    const controller = new AbortController();
    const gone = fetch(`${base}/gone`, { signal: controller.signal }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await gone).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish.get('/a')!();
    await rendering;
    const next = get('/next');
    await begunBy(begun, 2);
    expect(begun).toEqual(['/a', '/next']);
    finish.get('/next')!();
    await next;
  });
});
