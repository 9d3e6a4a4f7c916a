/**
 * The address a page is rendered and cached under: the requested one without the query
 * parameters that cannot change it. Links shared on social networks and in newsletters carry
 * click and campaign markers (`utm_*`, `fbclid`, `gclid`…) that no page reads; left in, each
 * visitor's address would be a page of its own to render and keep, and a canonical link that
 * names the campaign. The public pages, which anyone may ask for with any query, also lose
 * every parameter they do not read, so random queries cannot split the page cache either.
 */
import { CARRIED_PARAMS } from './carriedQuery.ts';
import { splitLocalePath } from './localeNegotiation.ts';

/** Markers ad, mail and analytics platforms add to the links they carry. */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'mc_eid',
  'mc_cid',
  'igshid',
  'twclid',
  'ttclid',
  'yclid',
  'li_fat_id',
  'srsltid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref',
  'ref_src',
  'ref_url',
  's_cid',
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
}

/**
 * What the stock buttons' answers (StockActions.astro, StockToastRegion.astro) add to the
 * page they return to; every public page can hold a stock clip.
 */
const STOCK_NOTICE = ['added', 'stock_clip', 'stock_error'];
/** What a showcase's views read: SPEC §2's paging and `video`, its carried query, the password proof, a preview. */
const SHOWCASE_VIEW = new Set([
  ...CARRIED_PARAMS,
  ...STOCK_NOTICE,
  'page',
  'video',
  'hash',
  'autoplay',
  'preview',
]);

/**
 * The public pages and every parameter each reads (in its page, its components and the
 * services they call). Another page keeps its whole query but for tracking markers.
 */
const PUBLIC_PAGES: readonly (readonly [RegExp, ReadonlySet<string>])[] = [
  [/^\/$/, SHOWCASE_VIEW],
  [/^\/showcase\/\d+(\/video\/\d+)?$/, SHOWCASE_VIEW],
  [/^\/showcase\/\d+\/search$/, new Set([...SHOWCASE_VIEW, 'q'])],
  [/^\/(\d+|stock|stock\/collection\/\d+|user\/\d+)$/, new Set(STOCK_NOTICE)],
  [/^\/stock\/search$/, new Set([...STOCK_NOTICE, 'page', 'filter_user', 'via'])],
];

function readParams(path: string): ReadonlySet<string> | null {
  const { path: unprefixed } = splitLocalePath(path);
  return PUBLIC_PAGES.find(([pattern]) => pattern.test(unprefixed))?.[1] ?? null;
}

/**
 * `target` (a path and query) without the parameters that cannot change its page, or
 * `target` itself, byte for byte, when it has none.
 */
export function canonicalPageTarget(target: string): string {
  const at = target.indexOf('?');
  if (at < 0) return target;
  const path = target.slice(0, at);
  const read = readParams(path);
  const keeps = (name: string) => !isTrackingParam(name) && (read === null || read.has(name));
  const query = new URLSearchParams(target.slice(at + 1));
  const names = [...query.keys()];
  if (names.every(keeps)) return target;
  for (const name of new Set(names)) if (!keeps(name)) query.delete(name);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
