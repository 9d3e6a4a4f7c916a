import type { AstroGlobal } from 'astro';
import { TEAM_SIGN_IN_REDIRECT_COOKIE } from '../auth/signIn.ts';
import { cacheControlFor, statusFor, type RenderedView } from './showcaseView.ts';

/**
 * Status, caching and the team sign-in return path of a showcase or video page, set before
 * rendering starts. SPEC §4: the team sign-in comes back here; the cookie is removed once used.
 */
export function prepareViewResponse(astro: AstroGlobal, view: RenderedView): void {
  astro.response.status = statusFor(view);
  astro.response.headers.set('Cache-Control', cacheControlFor(view));
  if (view.kind === 'denied' && view.screen === 'signIn') {
    astro.cookies.set(TEAM_SIGN_IN_REDIRECT_COOKIE, astro.url.pathname + astro.url.search, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 30 });
  }
}
