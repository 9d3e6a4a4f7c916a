import type { APIRoute } from 'astro';
import { readableAccount, userAnswer } from '../../server/api/accountAnswers.ts';
import { apiReaderId } from '../../server/auth/apiViewer.ts';
import { beginApiCall } from '../../server/http/apiResponse.ts';
import { jsonError } from '../../server/http/errorResponse.ts';

/** GET /me: the user the token (or session) belongs to, as at /users/{id}. */
export const GET: APIRoute = async (context) => {
  const call = beginApiCall(context, 'private');
  if ('error' in call) return call.error;
  const userId = apiReaderId(context.locals);
  if (userId === null) return jsonError(context.locals, 401);
  const account = await readableAccount(context, userId);
  if ('error' in account) return account.error;
  return userAnswer(context, account, call.version);
};
