import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from './bodyLimit.ts';
import { malformedRequest, refuseTunnel } from './malformedRequest.ts';
import { REFUSAL_HEADER } from './refusalStamp.ts';
import { pipeline } from './requestPipeline.ts';

/** The steps in front of a handler that reports what reached it: method, stamp and body. */
let server: Server;
let port: number;

beforeAll(async () => {
  const last = (req: IncomingMessage & { body?: Buffer }, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const reply = (body: Buffer) =>
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          stamp: req.headers[REFUSAL_HEADER] ?? null,
          bytes: body.length,
        }),
      );
    // Like the adapter: a GET's body is never read, a body the limit step read is taken as is.
    if (req.method === 'GET') reply(Buffer.alloc(0));
    else if (req.body) reply(req.body);
    else
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => reply(Buffer.concat(chunks)));
  };
  server = createServer(
    pipeline(
      [
        malformedRequest,
        bodyLimit({
          limit: 1000,
          exempt: [{ path: '/api/uploads', contentType: 'application/offset+octet-stream' }],
        }),
      ],
      last,
    ),
  );
  server.on('connect', refuseTunnel);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Bytes to stream chunked (no Content-Length). */
  chunked?: number;
  body?: string;
}

function send({
  method = 'GET',
  path = '/',
  headers = {},
  chunked,
  body,
}: Sent): Promise<{ status: number; seen: Record<string, unknown> | null }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: false,
      headers: chunked ? { ...headers, 'Transfer-Encoding': 'chunked' } : headers,
    });
    req.on('response', (res) => {
      let text = '';
      res
        .on('data', (c: Buffer) => (text += c))
        .on('end', () =>
          resolve({ status: res.statusCode!, seen: text ? JSON.parse(text) : null }),
        );
    });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, seen: null });
    });
    req.on('error', reject);
    if (chunked) {
      let left = chunked;
      const pump = () => {
        while (left > 0) {
          const n = Math.min(256, left);
          left -= n;
          if (!req.write(Buffer.alloc(n, 'a'))) return void req.once('drain', pump);
        }
        req.end();
      };
      return pump();
    }
    req.end(body);
  });
}

describe('malformedRequest', () => {
  it('passes the methods routes use untouched', async () => {
    expect((await send({ method: 'DELETE', path: '/api/users/1' })).seen).toMatchObject({
      method: 'DELETE',
      stamp: null,
    });
  });

  it('stamps TRACE, PROPFIND and other methods as a 405 GET, keeping the path for Allow', async () => {
    expect((await send({ method: 'TRACE', path: '/showcase/1' })).seen).toMatchObject({
      method: 'GET',
      url: '/showcase/1',
      stamp: '405 TRACE',
    });
    expect((await send({ method: 'PROPFIND', path: '/api/albums/1' })).seen).toMatchObject({
      method: 'GET',
      stamp: '405 PROPFIND',
    });
  });

  it('stamps an address whose percent-encoding does not decode as 400', async () => {
    expect((await send({ path: '/showcase/%E0%A4%A' })).seen).toMatchObject({
      url: '/',
      stamp: '400',
    });
  });

  it('never takes a stamp from the client', async () => {
    expect((await send({ headers: { [REFUSAL_HEADER]: '413' } })).seen).toMatchObject({
      stamp: null,
    });
  });

  it('answers CONNECT 405 with Allow on the socket', async () => {
    expect((await send({ method: 'CONNECT', path: 'example.com:443' })).status).toBe(405);
  });
});

describe('bodyLimit', () => {
  it('hands a body within the limit on whole, declared or chunked', async () => {
    expect((await send({ method: 'POST', body: 'x'.repeat(1000) })).seen).toMatchObject({
      stamp: null,
      bytes: 1000,
    });
    expect((await send({ method: 'POST', chunked: 1000 })).seen).toMatchObject({
      method: 'POST',
      stamp: null,
      bytes: 1000,
    });
  });

  it('stamps a declared body over the limit 413 before reading any of it', async () => {
    const answer = await send({
      method: 'POST',
      headers: { 'Content-Length': String(50 * 1024 * 1024) },
    });
    expect(answer.seen).toMatchObject({ method: 'GET', stamp: '413', bytes: 0 });
  });

  it('stamps a chunked body 413 as soon as it passes the limit, and the client still sending reads the answer', async () => {
    const answer = await send({ method: 'POST', chunked: 1_000_000 });
    expect(answer.seen).toMatchObject({ method: 'GET', stamp: '413', bytes: 0 });
  });

  it('lets a client still sending the body of a refused method read the answer', async () => {
    expect(
      (await send({ method: 'PROPFIND', path: '/api/uploads/x', chunked: 1_000_000 })).seen,
    ).toMatchObject({ stamp: '405 PROPFIND' });
  });

  it('leaves the bytes of resumable uploads to their own maximum', async () => {
    expect(
      (
        await send({
          method: 'PATCH',
          path: '/api/uploads/abc',
          headers: { 'Content-Type': 'application/offset+octet-stream' },
          chunked: 5000,
        })
      ).seen,
    ).toMatchObject({ stamp: null, bytes: 5000 });
  });

  it('holds a form or JSON document sent to the upload path to the limit, unread', async () => {
    const declared = await send({
      method: 'POST',
      path: '/api/uploads',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(200 * 1024 * 1024),
      },
    });
    expect(declared.seen).toMatchObject({ method: 'GET', stamp: '413', bytes: 0 });
    const chunked = await send({
      method: 'PATCH',
      path: '/api/uploads/abc',
      headers: { 'Content-Type': 'application/json' },
      chunked: 1_000_000,
    });
    expect(chunked.seen).toMatchObject({ method: 'GET', stamp: '413', bytes: 0 });
  });
});
