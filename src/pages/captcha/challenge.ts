import type { APIRoute } from 'astro';
import { issueChallenge } from '../../server/captcha/captcha.ts';

/** GET /captcha/challenge: a fresh ALTCHA proof-of-work challenge for the share dialog's widget. */
export const GET: APIRoute = async () => Response.json(await issueChallenge(), { headers: { 'Cache-Control': 'no-store' } });
