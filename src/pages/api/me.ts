import type { APIRoute } from 'astro';
import { beginMeCall, userAnswer } from '../../server/api/accountAnswers.ts';

/** GET /me: the user the token (or session) belongs to, as at /users/{id}. */
export const GET: APIRoute = async (context) => {
  const me = await beginMeCall(context);
  if ('error' in me) return me.error;
  return userAnswer(context, me.account, me.version);
};
