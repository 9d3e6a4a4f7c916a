import type { APIRoute } from 'astro';
import { isAuthorizePath, signInFailedPath } from '../../lib/signInPopup.ts';
import { errorPath } from '../../server/http/errorResponse.ts';
import { logger } from '../../server/logger.ts';
import { finishSsoSignIn } from '../../server/sso/ssoSignIn.ts';
import { NO_STORE_HEADERS } from '../../server/http/cacheControl.ts';

const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { ...NO_STORE_HEADERS, Location: location } });

/**
 * GET /auth0/callback: where the identity provider sends the browser back. Success goes
 * to the page the sign-in started from. A failure shows the Unauthorized screen, or, in
 * the embed's sign-in popup, goes back to the popup page, which reports it to the embed
 * (SPEC §4: on failure the error is logged and the popup closes).
 */
export const GET: APIRoute = async (context) => {
  const outcome = await finishSsoSignIn(context);
  if (outcome.ok) return redirect(outcome.location);
  logger.warn({ reason: outcome.reason }, 'SSO sign-in failed');
  if (outcome.returnTo && isAuthorizePath(outcome.returnTo))
    return redirect(signInFailedPath(outcome.returnTo));
  return context.rewrite(errorPath(context.locals.locale, 401));
};
