import type { APIRoute } from 'astro';
import { issueChallenge } from '../../server/captcha/captcha.ts';
import { NO_STORE_HEADERS } from '../../server/http/cacheControl.ts';

/** GET /captcha/challenge: a fresh ALTCHA proof-of-work challenge for the share dialog's widget. */
export const GET: APIRoute = async () =>
  Response.json(await issueChallenge(), { headers: NO_STORE_HEADERS });
