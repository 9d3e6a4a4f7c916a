import type { APIRoute } from 'astro';
import { AGE_CONFIRMED_COOKIE } from '../lib/contentGates.ts';
import { safeReturnTo } from '../lib/safeRedirect.ts';
import { servedOverHttps } from '../server/http/publicOrigin.ts';
import { NO_STORE_HEADERS } from '../server/http/cacheControl.ts';

/**
 * POST /age_gate: the viewer confirms their age at the age gate (SPEC §5). Remembered for
 * the browser session only (no expiry), then back, 303, to the page they were on.
 */
export const POST: APIRoute = async ({ request, cookies, url }) => {
  const form = await request.formData().catch(() => new FormData());
  cookies.set(AGE_CONFIRMED_COOKIE, '1', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(url),
  });
  return new Response(null, {
    status: 303,
    headers: { ...NO_STORE_HEADERS, Location: safeReturnTo(form.get('return_to')) },
  });
};
