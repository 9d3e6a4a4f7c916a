import type { APIRoute } from 'astro';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { TEAM_SIGN_IN_REDIRECT_COOKIE } from '../../server/auth/signIn.ts';
import { getDb } from '../../server/db/client.ts';
import { parseId } from '../../server/http/apiResponse.ts';
import { errorResponse } from '../../server/http/errorResponse.ts';
import { logger } from '../../server/logger.ts';
import { pickConnection, teamSsoConnections } from '../../server/sso/ssoConnections.ts';
import { beginSsoSignIn } from '../../server/sso/ssoSignIn.ts';
import { NO_STORE_HEADERS } from '../../server/http/cacheControl.ts';

const back = (location: string) =>
  new Response(null, { status: 302, headers: { ...NO_STORE_HEADERS, Location: location } });

/**
 * GET /auth0/connect?prev_page=&team_id= (SPEC §2): sends the viewer to the identity
 * provider of the team's SSO connection. A GET form, so it works without JavaScript.
 */
export const GET: APIRoute = async (context) => {
  const { url, cookies, locals } = context;
  const query = url.searchParams;
  const returnTo = safeReturnTo(
    query.get('prev_page') ??
      cookies.get(TEAM_SIGN_IN_REDIRECT_COOKIE)?.value ??
      localizePath(locals.locale, '/'),
  );
  const teamId = parseId(query.get('team_id') ?? undefined);
  const connections = teamId ? await teamSsoConnections(await getDb(), teamId) : [];
  if (connections.length === 0) return errorResponse(context, 404);
  // SPEC §5: with exactly one connection, sign-in requires the consent box ticked. The
  // form requires it too; a request without it goes back to the sign-in screen.
  if (connections.length === 1 && query.get('consent') !== '1') return back(returnTo);
  const connection = pickConnection(connections, parseId(query.get('connection') ?? undefined));
  if (!connection) return back(returnTo);
  try {
    return back(await beginSsoSignIn(context, connection, returnTo));
  } catch (error) {
    logger.error(
      { connectionId: connection.id, err: (error as Error).message },
      'SSO provider unreachable or misconfigured',
    );
    return errorResponse(context, 500);
  }
};
