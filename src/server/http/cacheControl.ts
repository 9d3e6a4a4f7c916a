/**
 * Whether a page or a media file may be kept by browsers and CDNs. A page is shared only
 * when every anonymous viewer in the same region is sent the same bytes: never for a
 * signed-in viewer, never for a viewer whose own theme, filter or age confirmation shaped
 * it. Shared pages therefore need no `Vary: Cookie` (src/middleware.ts). The server's own page
 * cache keys on those cookies (src/lib/pageCache.ts), so it may keep any anonymous viewer's
 * page of shareable content.
 */
import type { AstroCookies } from 'astro';
import { AGE_CONFIRMED_COOKIE } from '../../lib/contentGates.ts';
import { CONTENT_RATING_COOKIE, THEME_COOKIE } from '../../lib/footerPreferences.ts';
import { isLivePlaylistKey } from '../media/storage.ts';
import { pageCacheState } from './pageCacheState.ts';

/**
 * Shared caches keep a page a minute; a browser asks again each time, because without
 * `Vary: Cookie` its copy would outlive a theme or filter the viewer has just chosen.
 */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_PAGE = 'private, no-store';
/** Redirects, error screens and answers that are stale the moment they are sent. */
export const NO_STORE = 'no-store';

/** A public file whose name changes with its content (a showcase's logo): kept a year. */
export const IMMUTABLE_PUBLIC_FILE = 'public, max-age=31536000, immutable';

/** The headers of answers built as a Response (routes, redirects), spread beside their others. */
export const NO_STORE_HEADERS = { 'Cache-Control': NO_STORE } as const;
export const PRIVATE_HEADERS = { 'Cache-Control': PRIVATE_PAGE } as const;
export const SHARED_HEADERS = { 'Cache-Control': SHARED_PAGE } as const;

/** The cookies that change what a page shows; a request carrying one gets its own copy. */
const PERSONAL_COOKIES = [THEME_COOKIE, CONTENT_RATING_COOKIE, AGE_CONFIRMED_COOKIE] as const;

function isPersonalPage(locals: App.Locals, cookies: AstroCookies): boolean {
  return locals.viewer !== null || PERSONAL_COOKIES.some((name) => cookies.has(name));
}

/** `shareable`: the content itself is public (a public showcase, the stock catalogue…). */
export function pageCacheControl(
  locals: App.Locals,
  cookies: AstroCookies,
  shareable: boolean,
): string {
  const cacheState = pageCacheState();
  if (cacheState && shareable && locals.viewer === null) cacheState.storable = true;
  return shareable && !isPersonalPage(locals, cookies) ? SHARED_PAGE : PRIVATE_PAGE;
}

/** A live stream's poster (live/{eventVideoId}/{broadcastId}/poster.jpg): renewed as it goes. */
const isLivePoster = (key: string) => key.startsWith('live/') && key.endsWith('.jpg');

/**
 * A media file's caching: its signed URL expires by itself and within it the bytes never
 * change, so it is immutable until then; only media signed for a public video (`shared`)
 * may be kept by a CDN. A live playlist is kept one second at most (a CDN then asks once a
 * second for all its viewers), or players would be held on a stale window of segments; the
 * live poster is checked again on every use (its ETag makes that cheap).
 */
export function mediaCacheControl({
  key,
  shared,
  expiresAt,
  now = Date.now() / 1000,
}: {
  key: string;
  shared: boolean;
  expiresAt: number;
  now?: number;
}): string {
  const audience = shared ? 'public' : 'private';
  if (isLivePlaylistKey(key)) return `${audience}, max-age=1`;
  if (isLivePoster(key)) return `${audience}, no-cache`;
  const lifetime = Math.max(0, Math.floor(expiresAt - now));
  return `${audience}, max-age=${lifetime}, immutable`;
}
