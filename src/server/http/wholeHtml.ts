/**
 * An HTML page leaves in one piece. Astro writes a page as a stream of small chunks (a
 * component, an attribute, a card), and compressing each chunk as it comes costs a round
 * trip to zlib's thread pool apiece: on a showcase page that is more than all its database
 * reads. A page renders in milliseconds, so holding it until the end delays nothing a reader
 * could see, and compression then runs once over the whole. Everything else (media, event
 * streams, downloads) streams as before.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Step } from './requestPipeline.ts';

function contentTypeOf(res: ServerResponse, given: OutgoingHttpHeaders | undefined): string {
  const named = given && Object.entries(given).find(([name]) => name.toLowerCase() === 'content-type');
  return String(named ? named[1] : (res.getHeader('content-type') ?? ''));
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

const isCallback = (value: unknown): value is () => void => typeof value === 'function';

export const wholeHtml: Step = (req, res, next) => {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  // The status line and headers of an HTML page, sent with its body so they can carry its length.
  let held: unknown[] | null = null;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const given = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as OutgoingHttpHeaders | undefined;
    if (!contentTypeOf(this, given).startsWith('text/html')) return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    held = [status, ...rest];
    return this;
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!held) return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    chunks.push(asBuffer(chunk, rest[0]));
    const callback = rest.find(isCallback);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (!held) return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    if (chunk !== undefined && chunk !== null && !isCallback(chunk)) chunks.push(asBuffer(chunk, rest[0]));
    const body = Buffer.concat(chunks);
    // A HEAD request's page has no body to count.
    if (req.method !== 'HEAD') this.setHeader('Content-Length', body.length);
    (writeHead as (...args: unknown[]) => ServerResponse).apply(this, held);
    const callback = [chunk, ...rest].find(isCallback);
    return callback ? (end as (...args: unknown[]) => ServerResponse).call(this, body, callback) : (end as (...args: unknown[]) => ServerResponse).call(this, body);
  } as ServerResponse['end'];
  next();
};
