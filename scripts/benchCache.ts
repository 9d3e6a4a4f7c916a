// The bench's static-file baseline: the cached grid page's own bytes served by a minimal Node
// server as a static file server would send them (each encoding stored once, the encoding
// chosen by Accept-Encoding, Content-Length, a strong ETag answering If-None-Match with 304,
// Last-Modified), so the page cache can be held against "the same bytes as a static file".
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { chooseEncoding, type StoredEncoding } from '../src/lib/pageCache.ts';

export interface StaticBaseline {
  url: string;
  close: () => Promise<void>;
}

export async function staticBaseline(bytes: Record<StoredEncoding, Buffer>, port: number): Promise<StaticBaseline> {
  const tag = createHash('sha256').update(bytes.identity).digest('base64url').slice(0, 27);
  const lastModified = new Date().toUTCString();
  const etags: Record<StoredEncoding, string> = { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` };
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const common = { ETag: etags[encoding], 'Last-Modified': lastModified, 'Cache-Control': 'public, max-age=0', Vary: 'Accept-Encoding' };
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etags[encoding])) {
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
