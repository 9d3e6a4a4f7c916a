import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listClientFiles, serveClientFiles } from './clientFiles.ts';
import { pipeline } from './requestPipeline.ts';

/** A built site's folder behind the step, in front of a "renderer" that names what reached it. */
let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vitrine-client-'));
  mkdirSync(path.join(root, '_astro'));
  mkdirSync(path.join(root, 'demo'));
  writeFileSync(path.join(root, '_astro', 'app.Ab12.js'), 'export const app = 1;\n');
  writeFileSync(path.join(root, 'player.js'), 'export const player = 2;\n');
  writeFileSync(path.join(root, 'demo', 'night shift.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = createServer(pipeline([serveClientFiles(root)], (req, res) => res.end(`rendered ${req.url}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** A GET or POST of `address` exactly as written (fetch would resolve its dot segments). */
function ask(address: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: address, method, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });
}

describe('listClientFiles', () => {
  it('names every file by its address path, and no folder', () => {
    expect([...listClientFiles(root)].sort()).toEqual(['/_astro/app.Ab12.js', '/demo/night shift.svg', '/player.js']);
  });
});

describe('serveClientFiles', () => {
  it('sends a build asset to be kept for good, and another file to be checked again', async () => {
    const asset = await ask('/_astro/app.Ab12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.body).toBe('export const app = 1;\n');
    const player = await ask('/player.js?v=3');
    expect(player.headers['cache-control']).toBe('public, max-age=0');
    expect(player.body).toBe('export const player = 2;\n');
  });

  it('finds a file whose name the address percent-encodes', async () => {
    const logo = await ask('/demo/night%20shift.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers a revalidation and a range as a file server does', async () => {
    const etag = String((await ask('/player.js')).headers['etag']);
    expect((await ask('/player.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await ask('/player.js', { headers: { range: 'bytes=0-5' } });
    expect(part.status).toBe(206);
    expect(part.body).toBe('export');
    const past = await ask('/player.js', { headers: { range: 'bytes=9000-' } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */25');
  });

  it('leaves every other address to the pages: a folder, a way out of the folder, a POST', async () => {
    for (const address of ['/showcase/1', '/_astro/', '/_astro/missing.js', '/%2e%2e/package.json', '/_astro/../player.js', '/_astro/..%2Fplayer.js']) {
      expect((await ask(address)).body).toBe(`rendered ${address}`);
    }
    expect((await ask('/player.js', { method: 'POST' })).body).toBe('rendered /player.js');
  });

  it('renders an address whose file is gone since the start', async () => {
    rmSync(path.join(root, 'demo', 'night shift.svg'));
    expect((await ask('/demo/night%20shift.svg')).body).toBe('rendered /demo/night%20shift.svg');
  });
});
