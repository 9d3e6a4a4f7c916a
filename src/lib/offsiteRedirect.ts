/**
 * SPEC §2 /offsite_redirect: the suffix a sign-in goes through when the showcase was opened
 * with offsite=redirect, that is shown for another site (its own domain, or a page that
 * embeds it). After signing in, the viewer goes back to that site's page when the showcase
 * names it as its referrer and the page is on the showcase's own domain; otherwise to the
 * showcase here. No parameter can send a viewer to any other site (no open redirect).
 */
import type { CarriedQuery } from './carriedQuery.ts';
import { safeReturnTo } from './safeRedirect.ts';
import { splitLocalePath } from './localeNegotiation.ts';

const OFFSITE_REDIRECT_PATH = '/offsite_redirect';

/** Where a sign-in started at `returnTo` comes back to (unprefixed suffix path, or `returnTo`). */
export function signInReturnTo(returnTo: string, carried: CarriedQuery): string {
  return carried.offsite === 'redirect'
    ? `${OFFSITE_REDIRECT_PATH}?redirect=${encodeURIComponent(returnTo)}`
    : returnTo;
}

/** The showcase a return path belongs to, by its id, or null. */
export function showcaseIdOf(path: string): number | null {
  const match = /^\/showcase\/([1-9]\d{0,9})(?:\/|$)/.exec(
    splitLocalePath(path.split('?')[0]!).path,
  );
  return match ? Number(match[1]) : null;
}

export interface OffsiteTarget {
  /** The `redirect` parameter: the showcase address the sign-in started from. */
  redirect: string | null;
  /** The showcase's own domain, if it has one. */
  ownDomain: string | null;
}

export function offsiteDestination({ redirect, ownDomain }: OffsiteTarget): string {
  const back = safeReturnTo(redirect);
  const referrer = new URL(back, 'http://vitrine.invalid').searchParams.get('referrer');
  if (!referrer || !ownDomain) return back;
  let page: URL;
  try {
    page = new URL(referrer);
  } catch {
    return back;
  }
  const web = page.protocol === 'https:' || page.protocol === 'http:';
  return web &&
    page.hostname.toLowerCase() === ownDomain.toLowerCase() &&
    !page.username &&
    !page.password
    ? page.href
    : back;
}
