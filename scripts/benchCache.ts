// The bench's static-file baseline: the cached grid page's own bytes served by a minimal Node
// server as a static file server would send them (each encoding stored once, the encoding
// chosen by Accept-Encoding, Content-Length, a strong ETag answering If-None-Match with 304,
// Last-Modified), so the page cache can be held against "the same bytes as a static file". The
// bench runs it in a child process of its own (benchStaticServer.ts, staticBaselineProcess):
// inside the process that runs autocannon it shared that event loop, which handicapped it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseEncoding, type StoredEncoding } from '../src/lib/pageCache.ts';

export interface StaticBaseline {
  url: string;
  close: () => Promise<void>;
}

export async function staticBaseline(
  bytes: Record<StoredEncoding, Buffer>,
  port: number,
): Promise<StaticBaseline> {
  const tag = createHash('sha256').update(bytes.identity).digest('base64url').slice(0, 27);
  const lastModified = new Date().toUTCString();
  const etags: Record<StoredEncoding, string> = {
    br: `"${tag}-br"`,
    gzip: `"${tag}-gz"`,
    identity: `"${tag}"`,
  };
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const common = {
      ETag: etags[encoding],
      'Last-Modified': lastModified,
      'Cache-Control': 'public, max-age=0',
      Vary: 'Accept-Encoding',
    };
    if (
      req.headers['if-none-match']
        ?.split(',')
        .some((t) => t.trim().replace(/^W\//, '') === etags[encoding])
    ) {
      res.writeHead(304, common).end();
      return;
    }
    const body = bytes[encoding];
    res.writeHead(200, {
      ...common,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Accept-Ranges': 'bytes',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface StaticBaselineProcess extends StaticBaseline {
  /** The child's pid, whose CPU the bench reads as it reads the server's. */
  pid: number;
}

/** The baseline in a child process of its own; resolves once it listens. */
export async function staticBaselineProcess(
  bytes: Record<StoredEncoding, Buffer>,
  port: number,
): Promise<StaticBaselineProcess> {
  const folder = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-static-'));
  for (const encoding of ['identity', 'gzip', 'br'] as const)
    writeFileSync(path.join(folder, encoding), bytes[encoding]);
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'benchStaticServer.ts'), folder, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        if (text.includes('listening')) resolve();
      });
      child.once('exit', (code) =>
        reject(new Error(`the static baseline exited (${code}) before it listened`)),
      );
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, close };
}
