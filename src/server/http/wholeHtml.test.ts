import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipeline, type Step } from './requestPipeline.ts';
import { wholeHtml } from './wholeHtml.ts';

const pieces = Array.from({ length: 200 }, (_, i) => `<p>card ${i} · ünïcode</p>`);
let releaseStream: () => void = () => {};
let server: Server;
let port: number;

beforeAll(async () => {
  const last = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/moved') {
      // As a static file server redirects: status and headers set, no writeHead, one end.
      res.statusCode = 301;
      res.setHeader('Content-Type', 'text/html; charset=UTF-8');
      res.setHeader('Location', '/moved/');
      res.end('<!doctype html><title>Redirecting</title><p>Redirecting to /moved/</p>');
      return;
    }
    if (req.url === '/events') {
      // An event stream: its first event must reach the client while the stream is still open.
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
      releaseStream = () => res.end('data: last\n\n');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(req.url?.endsWith('no-transform') ? { 'cache-control': 'no-transform' } : {}),
    });
    for (const piece of pieces) res.write(piece);
    res.end('</body>');
  };
  const compress = compression({ threshold: 512 }) as unknown as Step;
  server = createServer(pipeline([compress, wholeHtml], last));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function fetchRaw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('an HTML page written in many pieces', () => {
  it('arrives whole, with its length known up front', async () => {
    const { res, body } = await fetchRaw('/page');
    expect(body.toString('utf8')).toBe(`${pieces.join('')}</body>`);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });

  it('is compressed as one whole for a browser that accepts brotli, else gzip, with its compressed length', async () => {
    const br = await fetchRaw('/page', { 'accept-encoding': 'gzip, br' });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.res.headers['content-length']).toBe(String(br.body.length));
    expect(br.res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(`${pieces.join('')}</body>`);
    const gz = await fetchRaw('/page', { 'accept-encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(`${pieces.join('')}</body>`);
  });

  it('keeps a no-transform page as it is', async () => {
    const { res, body } = await fetchRaw('/page?no-transform', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(body.toString('utf8')).toBe(`${pieces.join('')}</body>`);
  });
});

describe('an HTML answer written without writeHead', () => {
  it('keeps its status line and headers', async () => {
    const { res, body } = await fetchRaw('/moved', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(301);
    expect(res.headers['location']).toBe('/moved/');
    expect(body.toString('utf8')).toContain('Redirecting to /moved/');
  });
});

describe('a response that is not HTML', () => {
  it('streams: an event reaches the client before the stream ends', async () => {
    const first = await new Promise<string>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/events', agent: false }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve(c.toString('utf8'));
          releaseStream();
        });
      }).on('error', reject);
    });
    expect(first).toContain('data: first');
  });
});
