import type { APIRoute } from 'astro';
import { clearSessionCookie, revokeSession, SESSION_COOKIE } from '../server/auth/sessions.ts';
import { getDb } from '../server/db/client.ts';
import { localizePath } from '../lib/localeNegotiation.ts';

/** POST /log_out: revokes the session on the server, not just the cookie. */
export const POST: APIRoute = async ({ cookies, locals, redirect }) => {
  await revokeSession(await getDb(), cookies.get(SESSION_COOKIE)?.value);
  clearSessionCookie(cookies);
  return redirect(localizePath(locals.locale, '/'), 303);
};
