/**
 * A deployment behind a TLS-terminating reverse proxy, on loopback: an https proxy with a
 * self-signed certificate made for the run, in front of a server of the test's own
 * (ownServer.ts, PUBLIC_URL on the proxy, TRUST_PROXY=loopback). The proxy forwards as nginx
 * does with `proxy_pass http://127.0.0.1:PORT`: Host names the upstream, X-Forwarded-For
 * gets the client appended, X-Forwarded-Proto and X-Forwarded-Host say what the browser used.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A key and a self-signed certificate for localhost, by the openssl command. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

/** The https proxy on 127.0.0.1:`port`, forwarding to http://127.0.0.1:`upstreamPort`. */
export async function startTlsProxy(port: number, upstreamPort: number): Promise<Server> {
  const proxy = createServer(selfSignedCertificate(), (req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
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
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return proxy;
}
