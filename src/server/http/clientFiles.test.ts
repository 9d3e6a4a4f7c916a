import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../build/precompress.ts';
import { listClientFiles, serveClientFiles } from './clientFiles.ts';
import { pipeline, type Step } from './requestPipeline.ts';

/** A built site's folder, its copies compressed by the build, behind the compression step and this one, in front of a "renderer" that names what reached it. */
let root: string;
let server: Server;
let port: number;
const bigScript = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join(
  '\n',
);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vitrine-client-'));
  mkdirSync(path.join(root, '_astro'));
  mkdirSync(path.join(root, 'demo'));
  writeFileSync(path.join(root, '_astro', 'app.Ab12.js'), 'export const app = 1;\n');
  writeFileSync(path.join(root, 'player.js'), 'export const player = 2;\n');
  writeFileSync(
    path.join(root, 'demo', 'night shift.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(root, '_astro', 'big.Cd34.js'), bigScript);
  writeFileSync(path.join(root, '_astro', 'gone.Ef56.js'), bigScript);
  writeFileSync(path.join(root, 'demo', 'poster.jpg'), Buffer.alloc(4096, 7));
  await precompressFolder(root);
  const compress = compression({ threshold: 512 }) as unknown as Step;
  server = createServer(
    pipeline([compress, serveClientFiles(root)], (req, res) => res.end(`rendered ${req.url}`)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** A GET or POST of `address` exactly as written (fetch would resolve its dot segments). */
function ask(
  address: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
    bytes: Buffer;
  }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: address, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: bytes.toString(),
              bytes,
            });
          });
      },
    );
    req.on('error', reject).end();
  });
}

describe('listClientFiles', () => {
  it('names every file by its address path, and no folder', () => {
    expect([...listClientFiles(root)].sort()).toEqual([
      '/_astro/app.Ab12.js',
      '/_astro/big.Cd34.js',
      '/_astro/big.Cd34.js.br',
      '/_astro/big.Cd34.js.gz',
      '/_astro/gone.Ef56.js',
      '/_astro/gone.Ef56.js.br',
      '/_astro/gone.Ef56.js.gz',
      '/demo/night shift.svg',
      '/demo/poster.jpg',
      '/player.js',
    ]);
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
    for (const address of [
      '/showcase/1',
      '/_astro/',
      '/_astro/missing.js',
      '/%2e%2e/package.json',
      '/_astro/../player.js',
      '/_astro/..%2Fplayer.js',
    ]) {
      expect((await ask(address)).body).toBe(`rendered ${address}`);
    }
    expect((await ask('/player.js', { method: 'POST' })).body).toBe('rendered /player.js');
  });

  it('sends the copy the build compressed in the encoding the client takes, as the script it is', async () => {
    const br = await ask('/_astro/big.Cd34.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(bigScript);
    const gzip = await ask('/_astro/big.Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(bigScript);
    const plain = await ask('/_astro/big.Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body).toBe(bigScript);
  });

  it('writes no copy of a small file or a picture, and a small file is sent as it is', async () => {
    for (const file of ['_astro/app.Ab12.js', 'player.js', 'demo/poster.jpg']) {
      expect(existsSync(path.join(root, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(root, `${file}.gz`))).toBe(false);
    }
    const small = await ask('/_astro/app.Ab12.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export const app = 1;\n');
  });

  it('revalidates a compressed copy by its own tag', async () => {
    const first = await ask('/_astro/big.Cd34.js', { headers: { 'accept-encoding': 'br' } });
    const plain = await ask('/_astro/big.Cd34.js');
    expect(first.headers['etag']).not.toBe(plain.headers['etag']);
    const again = await ask('/_astro/big.Cd34.js', {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.status).toBe(304);
  });

  it('renders an address whose compressed copy is gone since the start, as a page in no encoding', async () => {
    rmSync(path.join(root, '_astro', 'gone.Ef56.js.br'));
    const page = await ask('/_astro/gone.Ef56.js', { headers: { 'accept-encoding': 'br' } });
    expect(page.body).toBe('rendered /_astro/gone.Ef56.js');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['content-type']).toBeUndefined();
  });

  it('renders an address whose file is gone since the start', async () => {
    rmSync(path.join(root, 'demo', 'night shift.svg'));
    expect((await ask('/demo/night%20shift.svg')).body).toBe('rendered /demo/night%20shift.svg');
  });
});
