/**
 * Sends one fuzz request with node:http, exactly as written: any method, the path unparsed
 * and unnormalized (fetch would refuse TRACE and resolve '..'). Reads at most 64 KB of the
 * answer, and of an event stream (live chat), which never ends by design, its first chunk.
 * A connection the server closes after answering is not an error.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FuzzRequest } from './requests.ts';
import type { FuzzAnswer } from './verdict.ts';

const MAX_BODY = 64 * 1024;
const CHUNK = Buffer.alloc(16 * 1024, 'a');

/** The answer as far as it came: a connection reset after the status line still carries the answer. */
function readAnswer(response: IncomingMessage): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () =>
      resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
    const stream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
    response.on('data', (chunk: Buffer) => {
      if (size < MAX_BODY) chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_BODY || stream) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

export function sendFuzzRequest(
  origin: URL,
  fuzz: FuzzRequest,
  timeoutMs = 30_000,
): Promise<FuzzAnswer | { error: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: FuzzAnswer | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(value);
    };
    const headers: Record<string, string> = { Connection: 'keep-alive', ...fuzz.headers };
    if (fuzz.body?.kind === 'text')
      headers['Content-Length'] = String(Buffer.byteLength(fuzz.body.text));
    if (fuzz.body?.kind === 'declared') headers['Content-Length'] = String(fuzz.body.length);
    if (fuzz.body?.kind === 'chunked') headers['Transfer-Encoding'] = 'chunked';
    // A connection of its own, kept alive like a browser's: the server reads away a refused body instead of resetting it.
    const req = httpRequest({
      host: origin.hostname,
      port: origin.port,
      method: fuzz.method,
      path: fuzz.path,
      headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      settle({ error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      void readAnswer(response).then(settle);
    });
    // A tunnel request is answered on the 'connect' event.
    req.on('connect', (response: IncomingMessage, socket) => {
      socket.destroy();
      settle({ status: response.statusCode ?? 0, body: '' });
    });
    // After the status line, the answer's own end settles it (a refused body may reset the connection).
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) settle({ error: error.code ?? error.message });
    });

    const body = fuzz.body;
    if (!body) return void req.end();
    if (body.kind === 'text') return void req.end(body.text);
    if (body.kind === 'declared') return void req.flushHeaders();
    let sent = 0;
    const pump = () => {
      while (!settled && sent < body.length) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, body.length - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}
