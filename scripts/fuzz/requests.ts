/**
 * The fuzzer's requests: every route template × hostile methods, parameters, queries,
 * bodies, headers and cookies, drawn from a seeded random source so a seed always makes the
 * same requests (given the same discovered addresses).
 */
import {
  HOSTILE_BODIES,
  HOSTILE_COOKIES,
  HOSTILE_HEADERS,
  HOSTILE_VALUES,
  ODD_METHODS,
  QUERY_NAMES,
} from './hostileInputs.ts';
import { seededRandom, type Random } from './random.ts';
import type { RouteTemplate } from './routes.ts';

type FuzzBody =
  | { kind: 'text'; text: string }
  /** Announces `length` bytes in Content-Length and sends none: answered before any is read. */
  | { kind: 'declared'; length: number }
  /** Streams `length` bytes chunked, without Content-Length. */
  | { kind: 'chunked'; length: number };

export interface FuzzRequest {
  method: string;
  /** As on the wire: already percent-encoded, possibly broken on purpose. */
  path: string;
  headers: Record<string, string>;
  body?: FuzzBody;
}

export interface FuzzTarget {
  origin: string;
  routes: readonly RouteTemplate[];
  /** Same-origin addresses found on the server's own pages (signed media, links). */
  discovered: readonly string[];
  /** An anonymous viewer's CSRF token, so state-changing requests get past the check. */
  csrfToken: string | null;
  /** The server's BODY_LIMIT: a few bodies go over it. */
  bodyLimit: number;
}

const PLAUSIBLE_IDS = ['1', '2', '3', '5', '8', '12', '40'];
const LOCALE_PREFIXES = ['/de-DE', '/ja-JP', '/zh-CN', '/en', '/xx-YY', '/DE-de'];
const KEYS = [
  'demo/reel-1/hls/master.m3u8',
  'demo/reel-1/pictures/640x350.jpg',
  'videos/1/source.mp4',
  '.env',
  'a/../../b',
  '%2e%2e/%2e%2e/etc/passwd',
  'x/%00.jpg',
];

function parameter(random: Random, name: string): string {
  if (name.startsWith('...'))
    return random.chance(0.5)
      ? random.pick(KEYS)
      : `${random.pick(KEYS)}/${random.pick(HOSTILE_VALUES)}`;
  return random.chance(0.4) ? random.pick(PLAUSIBLE_IDS) : random.pick(HOSTILE_VALUES);
}

function fill(random: Random, template: string): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => parameter(random, name));
}

function mutatePath(random: Random, path: string): string {
  switch (random.int(8)) {
    case 0:
      return random.pick(LOCALE_PREFIXES) + path;
    case 1:
      return `${path}/`;
    case 2:
      return `/${path}`;
    case 3:
      return `${path}/..%2F..%2F${random.pick(HOSTILE_VALUES)}`;
    case 4:
      return path.replace(/\/[^/]*$/, `/${random.pick(HOSTILE_VALUES)}`);
    case 5:
      return `${path}%00`;
    default:
      return path;
  }
}

function query(random: Random): string {
  const count = random.int(4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = random.chance(0.6)
      ? random.pick(HOSTILE_VALUES)
      : random.pick(['1', '2', 'true', 'grid', 'x']);
    parts.push(
      random.chance(0.9)
        ? `${random.pick(QUERY_NAMES)}=${value}`
        : random.pick(['&&', '=', `${value}`, '%3D%3D']),
    );
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function method(random: Random, route: RouteTemplate): string {
  return random.chance(0.6) && route.methods.length > 0
    ? random.pick(route.methods)
    : random.pick(ODD_METHODS);
}

function body(random: Random, bodyLimit: number): { body: FuzzBody; type: string | null } {
  const roll = random.next();
  if (roll < 0.02)
    return {
      body: { kind: 'declared', length: bodyLimit + 1 + random.int(1 << 30) },
      type: 'application/json',
    };
  if (roll < 0.03)
    return {
      body: { kind: 'chunked', length: bodyLimit + 1 + random.int(1 << 16) },
      type: 'application/x-www-form-urlencoded',
    };
  if (roll < 0.06)
    return {
      body: { kind: 'chunked', length: 1 + random.int(2048) },
      type: 'application/x-www-form-urlencoded',
    };
  const chosen = random.pick(HOSTILE_BODIES);
  return { body: { kind: 'text', text: chosen.body }, type: chosen.type };
}

function request(random: Random, target: FuzzTarget): FuzzRequest {
  const fromPage = target.discovered.length > 0 && random.chance(0.2);
  const route = random.pick(target.routes);
  const basePath = fromPage ? random.pick(target.discovered) : fill(random, route.template);
  const path =
    (random.chance(0.3)
      ? mutatePath(random, basePath.split('?')[0]!) +
        (basePath.includes('?') ? basePath.slice(basePath.indexOf('?')) : '')
      : basePath) + query(random);
  const chosenMethod = fromPage
    ? random.chance(0.5)
      ? 'GET'
      : random.pick(ODD_METHODS)
    : method(random, route);
  // Distinct TEST-NET clients: rate limits of one do not hold back the next request.
  const headers: Record<string, string> = {
    'X-Forwarded-For': `198.51.100.${random.int(254) + 1}`,
  };
  if (random.chance(0.35)) Object.assign(headers, random.pick(HOSTILE_HEADERS));
  const cookies: string[] = [];
  if (random.chance(0.3)) cookies.push(random.pick(HOSTILE_COOKIES));
  const unsafe = !['GET', 'HEAD', 'OPTIONS', 'TRACE', 'TRACK', 'CONNECT'].includes(chosenMethod);
  if (unsafe && target.csrfToken && random.chance(0.6)) {
    cookies.push(`xsrft=${target.csrfToken}`);
    headers['X-XSRF-Token'] = target.csrfToken;
    headers['Origin'] = target.origin;
  }
  if (cookies.length > 0) headers['Cookie'] = cookies.join('; ');
  const result: FuzzRequest = {
    method: chosenMethod,
    path: path.startsWith('/') ? path : `/${path}`,
    headers,
  };
  if (unsafe || random.chance(0.05)) {
    const chosen = body(random, target.bodyLimit);
    result.body = chosen.body;
    if (chosen.type) headers['Content-Type'] = chosen.type;
  }
  return result;
}

/** `count` requests for `target`, the same ones for the same seed. */
export function fuzzRequests(seed: number, count: number, target: FuzzTarget): FuzzRequest[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => request(random, target));
}
