/**
 * Rendered public pages kept in memory and served like static files, with a strong ETag
 * answering If-None-Match with 304. A page is first kept as it was sent, plain and in the quick
 * compression its render was answered with; only when it is asked for again is it compressed
 * as small as brotli and gzip go (on libuv's pool), so an address asked for once costs one
 * cheap compression, never the maximum's hundred times more. Two steps of the request
 * pipeline: `serve` before compression answers from the cache or marks a miss; `capture` after
 * compression records what Astro writes, uncompressed, and stores it once the response has
 * finished, if it may be shared: a GET answered 200 with HTML and no Set-Cookie, which the
 * renderer declared the same for every anonymous viewer of its class (pageCacheState.ts; a
 * `public` Cache-Control says so too) and into which nothing of the viewer's own was rendered.
 *
 * One request at a time renews an entry: while it renders, the others for the same page are
 * sent the copy that has just aged out (stale, seconds old, never one a change has made
 * wrong: a change forgets stale copies too), or, when there is none, rendered without being
 * kept. Under load an expired page would otherwise be rendered, and compressed at the
 * maximum, by every request that came in before the first render was stored.
 *
 * Which requests share an entry is src/lib/pageCache.ts. Every change of what public pages show
 * reaches every node as a database notification (drizzle/0007_page_invalidation.sql,
 * src/server/db/pageChanges.ts) and forgets every entry. A state-changing request's answer waits
 * until this node has received the notifications of everything committed before it, so the
 * page the browser asks for next already shows the change.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  CACHE_STATUS_HEADER,
  chooseEncoding,
  pageCacheKey,
  type PageCacheSettings,
  type StoredEncoding,
} from '../../lib/pageCache.ts';
import {
  createPageCacheStore,
  type PageCacheLimits,
  type PageCacheStore,
} from '../../lib/pageCacheStore.ts';
import { logger } from '../logger.ts';
import { compressPageBest, compressPageNow } from './compressPage.ts';
import { withPageCacheState, type PageCacheState } from './pageCacheState.ts';
import { REFUSAL_HEADER } from './refusalStamp.ts';
import { sentCompressed } from './wholeHtml.ts';
import type { Step } from './requestPipeline.ts';

interface CachedPage {
  headers: OutgoingHttpHeaders;
  /** The strong validator of the plain bytes; each encoding's ETag adds its suffix. */
  tag: string;
  /** The plain bytes, and the compressed copies made so far. */
  body: Partial<Record<StoredEncoding, Buffer>> & { identity: Buffer };
  bytes: number;
  /** When it was rendered: its copies made later keep its age. */
  renderedAt: number;
  /** Its copies are the smallest each encoding makes. */
  best: boolean;
}

export interface PageCacheOptions {
  limits: PageCacheLimits;
  settings: PageCacheSettings;
  /** Resolves once this node has received every change committed before it was called. */
  caughtUp: () => Promise<void>;
}

export interface PageCache {
  serve: Step;
  capture: Step;
  /** Forgets every page: what they show has changed. */
  invalidate(): void;
  readonly store: PageCacheStore<CachedPage>;
}

interface Capture {
  key: string;
  generation: number;
  state: PageCacheState;
}

type CacheStatus = 'hit' | 'stale' | 'miss';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers of the rendered response that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = [
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  CACHE_STATUS_HEADER,
];
/** What a 304 repeats of the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'expires', 'vary'];
const ETAG_SUFFIX: Record<StoredEncoding, string> = { br: '-br', gzip: '-gz', identity: '' };

export function createPageCache({ limits, settings, caughtUp }: PageCacheOptions): PageCache {
  const store = createPageCacheStore<CachedPage>(limits);
  const captures = new WeakMap<IncomingMessage, Capture>();
  /** The request renewing each page's entry. */
  const renewals = new Map<string, Capture>();
  const settle = (capture: Capture) => {
    if (renewals.get(capture.key) === capture) renewals.delete(capture.key);
  };

  const serve: Step = (req, res, next) => {
    const refused = req.headers[REFUSAL_HEADER] !== undefined;
    const key = pageCacheKey(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, refused },
      settings,
    );
    if (key === null) return next();
    const found = store.lookup(key);
    if (found) refine(key, found.value);
    if (found && !found.stale) return send(req, res, found.value, 'hit');
    // A renewal begun before the last change renders what may be wrong: it renews nothing.
    const renewing = renewals.get(key)?.generation === store.generation;
    if (found && renewing) return send(req, res, found.value, 'stale');
    const state: PageCacheState = { storable: false, personal: false };
    if (req.method === 'GET' && !renewing) {
      const capture: Capture = { key, generation: store.generation, state };
      captures.set(req, capture);
      renewals.set(key, capture);
      // A response that ends without a page to keep (an error, a closed connection) ends its renewal.
      res.once('close', () => settle(capture));
    }
    res.setHeader(CACHE_STATUS_HEADER, 'miss');
    withPageCacheState(state, next);
  };

  // After compression, so that a held answer reaches compression only once released.
  const capture: Step = (req, res, next) => {
    if (UNSAFE.has(req.method ?? '')) {
      holdUntil(res, caughtUp);
      return next();
    }
    const pending = captures.get(req);
    if (!pending) return next();
    const chunks: Buffer[] = [];
    let headers: OutgoingHttpHeaders | null = null;
    // Only an HTML page is recorded; media and assets stream past untouched.
    let candidate = false;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!candidate || chunk === undefined || chunk === null || typeof chunk === 'function')
        return;
      chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
    };
    const { writeHead, write, end } = res;
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      const given = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as
        OutgoingHttpHeaders | undefined;
      // The page's own headers: those set on `res` before, such as the request id, are this request's.
      headers = lowerCased(given);
      candidate = status === 200 && String(headers['content-type'] ?? '').startsWith('text/html');
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.once('finish', () => {
      if (!headers || !candidate || res.statusCode !== 200 || !mayStore(headers, pending.state))
        return;
      remember(pending, headers, Buffer.concat(chunks), sentCompressed.get(res));
      settle(pending);
    });
    next();
  };

  function remember(
    { key, generation }: Capture,
    headers: OutgoingHttpHeaders,
    identity: Buffer,
    sent: { encoding: StoredEncoding; body: Buffer } | undefined,
  ): void {
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.includes(name)),
    );
    const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    const body = { identity, ...(sent ? { [sent.encoding]: sent.body } : {}) };
    store.put(
      key,
      { headers: kept, tag, body, bytes: sizeOf(body), renderedAt: Date.now(), best: false },
      generation,
    );
  }

  /** Pages being compressed at the maximum, by key: once each. */
  const refining = new Set<string>();

  /** A page asked for again is worth its smallest copies: made on the pool, then put in its place. */
  function refine(key: string, page: CachedPage): void {
    if (page.best || refining.has(key)) return;
    refining.add(key);
    const generation = store.generation;
    Promise.all([
      compressPageBest(page.body.identity, 'br'),
      compressPageBest(page.body.identity, 'gzip'),
    ])
      .then(([br, gzip]) => {
        // A renewal or a change since has put another page there, or none: this one is past.
        if (store.lookup(key)?.value !== page) return;
        const body = { identity: page.body.identity, br, gzip };
        store.put(
          key,
          { ...page, body, bytes: sizeOf(body), best: true },
          generation,
          page.renderedAt,
        );
      })
      .catch((err: unknown) => logger.error({ err }, 'page cache: could not compress a page'))
      .finally(() => refining.delete(key));
  }

  return { serve, capture, invalidate: () => store.invalidate(), store };
}

const sizeOf = (body: CachedPage['body']) =>
  Object.values(body).reduce((sum, bytes) => sum + bytes.length, 0);

function lowerCased(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

function mayStore(headers: OutgoingHttpHeaders, state: PageCacheState): boolean {
  if (headers['set-cookie'] !== undefined || state.personal) return false;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return false;
  return state.storable || String(headers['cache-control'] ?? '').startsWith('public');
}

/** Whether an If-None-Match header names one of `tags` (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, tags: string[]): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tags.includes(tag);
  });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  status: CacheStatus,
): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const etag = `"${page.tag}${ETAG_SUFFIX[encoding]}"`;
  const vary = [page.headers['vary'], 'Accept-Encoding'].filter(Boolean).join(', ');
  if (
    matches(
      req.headers['if-none-match'],
      Object.values(ETAG_SUFFIX).map((suffix) => `"${page.tag}${suffix}"`),
    )
  ) {
    const kept = Object.fromEntries(
      NOT_MODIFIED_HEADERS.filter((name) => page.headers[name] !== undefined).map((name) => [
        name,
        page.headers[name],
      ]),
    );
    res.writeHead(304, { ...kept, vary, etag, [CACHE_STATUS_HEADER]: status });
    res.end();
    return;
  }
  // A page kept as it was sent has its other encoding made now, quickly, until its best copies exist.
  const body =
    page.body[encoding] ??
    (encoding === 'identity' ? page.body.identity : compressPageNow(page.body.identity, encoding));
  res.writeHead(200, {
    ...page.headers,
    vary,
    etag,
    'content-length': body.length,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    [CACHE_STATUS_HEADER]: status,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Holds a response until `ready` resolves: the status, headers and body are written then, in
 * the order they were given. A state-changing request's answer thus reaches the browser only
 * after this node has forgotten the pages its write changed.
 */
function holdUntil(res: ServerResponse, ready: () => Promise<void>): void {
  const { writeHead, write, end } = res;
  const queued: (() => void)[] = [];
  let waiting: Promise<void> | null = null;
  const release = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    for (const call of queued.splice(0)) call();
  };
  const defer = (call: () => void) => {
    queued.push(call);
    waiting ??= ready().then(release, release);
  };
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    defer(() => (writeHead as (...a: unknown[]) => void).apply(res, args));
    return res;
  } as ServerResponse['writeHead'];
  res.write = function (...args: unknown[]) {
    defer(() => (write as (...a: unknown[]) => void).apply(res, args));
    return true;
  } as ServerResponse['write'];
  res.end = function (...args: unknown[]) {
    defer(() => (end as (...a: unknown[]) => void).apply(res, args));
    return res;
  } as ServerResponse['end'];
}
