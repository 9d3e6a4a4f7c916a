// One measure under load for `npm run bench`: autocannon against an address (or a new address
// each request), and the CPU the serving process spent on it, read from /proc before and after
// (benchProcess.ts) and divided by the requests it answered. The load generator runs in the
// bench's process, never in the one measured.
import autocannon from 'autocannon';
import { BENCH_UNCACHED_HEADER, CACHE_STATUS_HEADER } from '../src/lib/pageCache.ts';
import { cpuMsPerRequest, processCpuMs } from './benchProcess.ts';

export interface LoadOptions {
  /** The process whose CPU a request costs. */
  pid: number;
  seconds: number;
  connections: number;
  /** Render every request (x-bench-uncached: 1, honoured with BENCH_ROUTES). */
  uncached?: boolean;
  /** Request headers beside Accept-Encoding, e.g. a session's Cookie. */
  headers?: Record<string, string>;
  /** Each request's path and query (and headers of its own), from its number; the URL's own when absent. */
  requestOf?: (n: number) => { path: string; headers?: Record<string, string> };
  /** Counts the answers by their x-vitrine-cache header. */
  countCache?: boolean;
}

export interface LoadFigures {
  rps: number;
  p50ms: number;
  p99ms: number;
  requests: number;
  /** Errors, timeouts and answers other than 2xx. */
  errors: number;
  /** CPU milliseconds of the serving process a request; null when none was answered. */
  cpuMs: number | null;
  /** Answers by their x-vitrine-cache header (hit, stale, miss, or none). */
  cache?: Record<string, number>;
}

/** Autocannon's own options for a measure; shared with the mixed round, which runs several at once. */
export function autocannonOptions(
  url: string,
  options: Omit<LoadOptions, 'pid'>,
  cache?: Record<string, number>,
): autocannon.Options {
  const headers: Record<string, string> = {
    'Accept-Encoding': 'br, gzip',
    ...(options.uncached ? { [BENCH_UNCACHED_HEADER]: '1' } : {}),
    ...options.headers,
  };
  let n = 0;
  const dynamic = options.requestOf || cache;
  return {
    url,
    connections: options.connections,
    duration: options.seconds,
    headers,
    ...(dynamic
      ? {
          requests: [
            {
              ...(options.requestOf
                ? {
                    setupRequest: (request: autocannon.Request) => {
                      const own = options.requestOf!(n++);
                      return {
                        ...request,
                        path: own.path,
                        headers: { ...headers, ...own.headers },
                      };
                    },
                  }
                : {}),
              ...(cache
                ? {
                    onResponse: (
                      _status: number,
                      _body: string,
                      _context: object,
                      responseHeaders: autocannon.Request['headers'],
                    ) => {
                      const name = Object.keys(responseHeaders ?? {}).find(
                        (key) => key.toLowerCase() === CACHE_STATUS_HEADER,
                      );
                      const answer = name === undefined ? 'none' : String(responseHeaders![name]);
                      cache[answer] = (cache[answer] ?? 0) + 1;
                    },
                  }
                : {}),
            },
          ],
        }
      : {}),
  };
}

/** Autocannon's result as the bench reports it, with the CPU spent while it ran. */
export function loadFigures(
  result: autocannon.Result,
  cpuMsSpent: number,
  cache?: Record<string, number>,
): LoadFigures {
  return {
    rps: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMs: cpuMsPerRequest(cpuMsSpent, result.requests.total),
    ...(cache ? { cache } : {}),
  };
}

export async function load(url: string, options: LoadOptions): Promise<LoadFigures> {
  const cache = options.countCache ? {} : undefined;
  const before = processCpuMs(options.pid);
  const result = await autocannon(autocannonOptions(url, options, cache));
  return loadFigures(result, processCpuMs(options.pid) - before, cache);
}

/** The share of answers the cache gave (hit or stale), to a percent. */
export function cacheShare(cache: Record<string, number> | undefined): number | null {
  if (!cache) return null;
  const all = Object.values(cache).reduce((sum, count) => sum + count, 0);
  return all === 0 ? null : Math.round((((cache['hit'] ?? 0) + (cache['stale'] ?? 0)) / all) * 100);
}
