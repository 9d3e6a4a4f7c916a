/**
 * An HTML page leaves in one piece, compressed in one go. Astro writes a page as a stream of
 * small chunks (a component, an attribute, a card); streaming them through a compression
 * stream costs more than rendering the page's data. A page renders in milliseconds, so
 * holding it until its end delays nothing a reader could see: it is then compressed once
 * (compressPage.ts) and sent with its length. Everything else (media, event streams,
 * downloads, JSON) streams past to the general compression step as before.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chooseEncoding, type StoredEncoding } from '../../lib/pageCache.ts';
import { logger } from '../logger.ts';
import { compressPageNow } from './compressPage.ts';
import type { Step } from './requestPipeline.ts';

/**
 * The compressed bytes each page was sent as, for the page cache to keep with the page
 * (pageCache.ts): the first copy it stores is the one already made, not a second compression.
 */
export const sentCompressed = new WeakMap<
  ServerResponse,
  { encoding: Exclude<StoredEncoding, 'identity'>; body: Buffer }
>();

/** Below this a compressed page saves less than its headers cost (the compression step's threshold too). */
const COMPRESS_FROM_BYTES = 512;

/** A written chunk as a Buffer: a view of its bytes, which a writer hands over and does not reuse. */
function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  const bytes = chunk as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const isCallback = (value: unknown): value is () => void => typeof value === 'function';

/** writeHead's arguments: the status, an optional status message, the headers. */
interface HeldHead {
  status: number;
  message: string | undefined;
  headers: OutgoingHttpHeaders;
}

function headOf(status: number, rest: unknown[]): HeldHead {
  const message = typeof rest[0] === 'string' ? rest[0] : undefined;
  const given = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | undefined;
  return {
    status,
    message,
    headers: Object.fromEntries(
      Object.entries(given ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    ),
  };
}

const typeOf = (res: ServerResponse, head: HeldHead) =>
  String(head.headers['content-type'] ?? res.getHeader('content-type') ?? '');

/** The encoding to send `body` in: none for a HEAD, a small page, an encoded one or a no-transform one. */
function encodingFor(
  req: IncomingMessage,
  res: ServerResponse,
  head: HeldHead,
  body: Buffer,
): StoredEncoding {
  if (req.method === 'HEAD' || body.length < COMPRESS_FROM_BYTES) return 'identity';
  if ((head.headers['content-encoding'] ?? res.getHeader('content-encoding')) !== undefined)
    return 'identity';
  if (
    /\bno-transform\b/.test(
      String(head.headers['cache-control'] ?? res.getHeader('cache-control') ?? ''),
    )
  )
    return 'identity';
  return chooseEncoding(req.headers['accept-encoding']);
}

function withVary(value: unknown): string {
  const named = value === undefined ? '' : String(value);
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(named)
    ? named
    : [named, 'Accept-Encoding'].filter(Boolean).join(', ');
}

export const wholeHtml: Step = (req, res, next) => {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  let held: HeldHead | null = null;
  // A write or end with no head written calls writeHead itself (Node's implicit headers), and
  // that head must go out at once: the body it comes with is already on its way.
  let passing = false;
  const through = <T>(call: () => T): T => {
    passing = true;
    try {
      return call();
    } finally {
      passing = false;
    }
  };
  const sendHead = (head: HeldHead, extra: OutgoingHttpHeaders) => {
    const headers = { ...head.headers, ...extra };
    const args =
      head.message === undefined ? [head.status, headers] : [head.status, head.message, headers];
    (writeHead as (...args: unknown[]) => ServerResponse).apply(res, args);
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const head = headOf(status, rest);
    if (passing || !typeOf(this, head).startsWith('text/html'))
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    held = head;
    return this;
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!held)
      return through(() => (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest));
    chunks.push(asBuffer(chunk, rest[0]));
    const callback = rest.find(isCallback);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    const head = held;
    if (!head)
      return through(() =>
        (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest),
      );
    if (chunk !== undefined && chunk !== null && !isCallback(chunk))
      chunks.push(asBuffer(chunk, rest[0]));
    const callback = [chunk, ...rest].find(isCallback);
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const finish = (payload: Buffer, extra: OutgoingHttpHeaders) => {
      // A HEAD request's page has no body to count.
      sendHead(
        head,
        req.method === 'HEAD' ? extra : { ...extra, 'content-length': payload.length },
      );
      if (callback) (end as (...args: unknown[]) => ServerResponse).call(res, payload, callback);
      else (end as (...args: unknown[]) => ServerResponse).call(res, payload);
    };
    const encoding = encodingFor(req, this, head, body);
    if (encoding === 'identity') {
      finish(body, {});
      return this;
    }
    let encoded: Buffer;
    try {
      encoded = compressPageNow(body, encoding);
    } catch (err) {
      logger.warn({ err, url: req.url }, 'a page could not be compressed; sent as it is');
      finish(body, {});
      return this;
    }
    sentCompressed.set(res, { encoding, body: encoded });
    finish(encoded, {
      'content-encoding': encoding,
      vary: withVary(head.headers['vary'] ?? res.getHeader('vary')),
    });
    return this;
  } as ServerResponse['end'];
  next();
};
