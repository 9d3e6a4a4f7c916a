/**
 * Which requests may share a rendered page in the server's page cache
 * (src/server/http/pageCache.ts), and which stored encoding a request is sent. Two requests
 * share an entry only when the renderer would send them the same bytes, so the key holds every
 * input a public page's HTML reads for an anonymous viewer: the address with its query, the
 * public scheme and host, the locale (the prefix, else the one negotiated from the locale
 * cookie and Accept-Language), the theme cookie, the mature filter's cookie, the age
 * confirmation, and the region headers that choose the legal links. Anonymous pages carry no
 * per-viewer token (the footer's preference forms are guarded by their Origin instead).
 */
import { AGE_CONFIRMED_COOKIE } from './contentGates.ts';
import { DEFAULT_LOCALE } from './domain.ts';
import {
  CONTENT_RATING_COOKIE,
  readRatingSelection,
  serializeRatingSelection,
  THEME_COOKIE,
} from './footerPreferences.ts';
import { LOCALE_COOKIE, preferredLocale, splitLocalePath } from './localeNegotiation.ts';

type HeaderValue = string | string[] | undefined;

export interface PageRequest {
  method: string;
  /** The request target: path and query. */
  url: string;
  /** Node's lower-cased request headers, after the public-origin step has set X-Forwarded-*. */
  headers: Record<string, HeaderValue>;
  /**
   * Refused by an HTTP step (an unknown method, a body over the limit) and handed on as a GET
   * of the same address for its error screen (refusalStamp.ts), never the page stored there.
   */
  refused?: boolean;
}

export interface PageCacheSettings {
  /** The signed-in viewer's cookie: such a viewer's pages are never cached. */
  sessionCookie: string;
  /** GEO_COUNTRY_HEADER and GEO_REGION_HEADER, lower case, when set. */
  geoCountryHeader?: string | undefined;
  geoRegionHeader?: string | undefined;
  /** BENCH_ROUTES: `x-bench-uncached: 1` then bypasses the cache, to measure a render. */
  benchRoutes: boolean;
}

export const BENCH_UNCACHED_HEADER = 'x-bench-uncached';
/** Says whether a page came from the cache (`hit`) or was rendered for a request that may share one (`miss`). */
export const CACHE_STATUS_HEADER = 'x-vitrine-cache';

const first = (value: HeaderValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Cookie names and values of a Cookie header; the first of a repeated name wins, as in Astro. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1)
      value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/**
 * The cache key of a request, or null when it must be rendered and never stored: not a GET or
 * HEAD, a refused request, a signed-in viewer (session cookie) or a bearer token, or the bench
 * asking for a render.
 * GET and HEAD share a key (HEAD is answered with the stored headers).
 */
export function pageCacheKey(request: PageRequest, settings: PageCacheSettings): string | null {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || request.refused) return null;
  if (request.headers['authorization'] !== undefined) return null;
  if (settings.benchRoutes && first(request.headers[BENCH_UNCACHED_HEADER]) === '1') return null;
  const cookies = parseCookies(first(request.headers['cookie']));
  if (cookies.get(settings.sessionCookie)) return null;

  const pathname = request.url.split('?', 1)[0] ?? '/';
  const fromPath = splitLocalePath(pathname).locale;
  const locale =
    fromPath !== DEFAULT_LOCALE
      ? fromPath
      : preferredLocale(cookies.get(LOCALE_COOKIE), first(request.headers['accept-language']));
  const theme = cookies.get(THEME_COOKIE);
  const region = (name: string | undefined) =>
    name ? (first(request.headers[name])?.toUpperCase() ?? '') : '';
  const viewer = [
    locale,
    // A personal cookie's presence alone changes the page's Cache-Control (cacheControl.ts).
    theme === undefined ? '' : theme === 'light' || theme === 'dark' ? theme : 'auto',
    cookies.has(CONTENT_RATING_COOKIE)
      ? serializeRatingSelection(readRatingSelection(cookies.get(CONTENT_RATING_COOKIE)))
      : '',
    cookies.has(AGE_CONFIRMED_COOKIE) ? 'adult' : '',
    region(settings.geoCountryHeader),
    region(settings.geoRegionHeader),
  ];
  const scheme = first(request.headers['x-forwarded-proto']) ?? 'http';
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers['host']) ?? '';
  const origin = `${scheme}://${host}`;
  return [origin + request.url, ...viewer].join('\n');
}

export type StoredEncoding = 'br' | 'gzip' | 'identity';

/** The compressed encodings an Accept-Encoding header accepts, in the order they are preferred here: brotli, then gzip. */
export function acceptedEncodings(
  acceptEncoding: string | undefined,
): Exclude<StoredEncoding, 'identity'>[] {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding?.split(',') ?? []) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  const encodings: Exclude<StoredEncoding, 'identity'>[] = [];
  if (accepts('br')) encodings.push('br');
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) encodings.push('gzip');
  return encodings;
}

/**
 * The stored encoding to send for an Accept-Encoding header: brotli, else gzip, else the
 * plain bytes (`identity` cannot be refused by a stored page, which always has it).
 */
export function chooseEncoding(acceptEncoding: string | undefined): StoredEncoding {
  return acceptedEncodings(acceptEncoding)[0] ?? 'identity';
}
