/**
 * Whether a page may be kept by browsers and CDNs. A page is shared only when every
 * anonymous viewer in the same region is sent the same bytes: never for a signed-in viewer,
 * never where the footer's mature filter renders the viewer's CSRF token (the CPRA regime),
 * never for a viewer whose own filter or age confirmation shaped it.
 */
import type { AstroCookies } from 'astro';
import { AGE_CONFIRMED_COOKIE } from '../../lib/contentGates.ts';
import { CONTENT_RATING_COOKIE } from '../../lib/footerPreferences.ts';

export const SHARED_PAGE = 'public, max-age=60, stale-while-revalidate=600';
export const PRIVATE_PAGE = 'private, no-store';

function isPersonalPage(locals: App.Locals, cookies: AstroCookies): boolean {
  return locals.viewer !== null || locals.legal.cpra || cookies.has(CONTENT_RATING_COOKIE) || cookies.has(AGE_CONFIRMED_COOKIE);
}

/** `shareable`: the content itself is public (a public showcase, the stock catalogue…). */
export function pageCacheControl(locals: App.Locals, cookies: AstroCookies, shareable: boolean): string {
  return shareable && !isPersonalPage(locals, cookies) ? SHARED_PAGE : PRIVATE_PAGE;
}
