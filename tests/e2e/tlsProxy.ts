/**
 * A deployment behind a TLS-terminating reverse proxy, on loopback: a Vitrine server of its
 * own (own port and data folder, PUBLIC_URL on the proxy, TRUST_PROXY=loopback) and an https
 * proxy in front of it with a self-signed certificate made for the run. The proxy forwards as
 * nginx does with `proxy_pass http://127.0.0.1:PORT`: Host names the upstream, X-Forwarded-For
 * gets the client appended, X-Forwarded-Proto and X-Forwarded-Host say what the browser used.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A key and a self-signed certificate for localhost, by the openssl command. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

/** The https proxy on 127.0.0.1:`port`, forwarding to http://127.0.0.1:`upstreamPort`. */
export async function startTlsProxy(port: number, upstreamPort: number): Promise<Server> {
  const proxy = createServer(selfSignedCertificate(), (req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: {
          ...endToEnd(req.headers),
          host: `127.0.0.1:${upstreamPort}`,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': req.headers.host,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return proxy;
}

/**
 * A freshly seeded server started as tests/e2e/serve.mjs starts the main one, on its own
 * embedded database (never the run's DATABASE_URL) and in-memory rate limits; resolves
 * once /healthz answers 200.
 */
export async function startVitrine({ port, publicUrl, dataDir }: { port: number; publicUrl: string; dataDir: string }): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'loopback',
    VITRINE_SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    MEDIA_CACHE_DIR: '.data/cache',
    WORKER: 'off',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'RATE_LIMIT_STORE']) delete env[name];
  const server = spawn(process.execPath, ['tests/e2e/serve.mjs'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  let stopped: string | undefined;
  server.once('exit', (code) => (stopped = `the server stopped (${code}): ${errors}`));
  while (stopped === undefined) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(stopped);
}

/** Stops the server the way an operator does (SIGTERM) and waits until it has exited. */
export async function stopVitrine(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
