/**
 * The route of a request as logs and metrics name it: the path without its query (signed
 * media addresses carry signatures there), without the locale prefix, with ids and tokens
 * replaced by placeholders, so one route is one label however many showcases exist.
 */
import { splitLocalePath } from './localeNegotiation.ts';

/** Paths whose tail is a storage key or an uploaded file's id: one label for the whole tail. */
const TAIL_ROUTES: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['/media/p/', '/media/p/:exp/:sig/:key'],
  ['/media/', '/media/:key'],
  ['/api/uploads/', '/api/uploads/:path'],
  ['/_astro/', '/_astro/:asset'],
  ['/demo/', '/demo/:file'],
];

const NUMBER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long run of letters and digits with at least one digit: a hash, a key, a token. */
const TOKEN = /^(?=.*\d)[A-Za-z0-9_-]{16,}$/;

function segmentLabel(segment: string): string {
  if (NUMBER.test(segment) || UUID.test(segment)) return ':id';
  if (TOKEN.test(segment)) return ':token';
  return segment;
}

/** '/ja-JP/showcase/12/video/345?hash=x' → '/showcase/:id/video/:id'. */
export function routeLabel(url: string): string {
  const pathOnly = url.split(/[?#]/, 1)[0] || '/';
  const { path } = splitLocalePath(pathOnly);
  for (const [prefix, label] of TAIL_ROUTES) {
    if (path.startsWith(prefix)) return label;
  }
  return path
    .split('/')
    .map((segment, index) => (index === 0 ? segment : segmentLabel(segment)))
    .join('/');
}
