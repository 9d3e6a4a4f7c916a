import type { APIRoute } from 'astro';
import { albumsAnswer, readableAccount } from '../../../server/api/accountAnswers.ts';
import { apiReaderId } from '../../../server/auth/apiViewer.ts';
import { beginApiCall } from '../../../server/http/apiResponse.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';

/** GET /me/albums: every showcase of the token's user (sort, direction, page, per_page). */
export const GET: APIRoute = async (context) => {
  const call = beginApiCall(context, 'private');
  if ('error' in call) return call.error;
  const userId = apiReaderId(context.locals);
  if (userId === null) return jsonError(context.locals, 401);
  const account = await readableAccount(context, userId);
  if ('error' in account) return account.error;
  return albumsAnswer(context, account, call.version);
};
