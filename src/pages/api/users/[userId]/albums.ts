import type { APIRoute } from 'astro';
import { albumsAnswer, readableAccount } from '../../../../server/api/accountAnswers.ts';
import { beginApiCall, parseId } from '../../../../server/http/apiResponse.ts';

/** GET /users/{userId}/albums: the user's showcases this reader may list (query, sort, direction, page, per_page). */
export const GET: APIRoute = async (context) => {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const account = await readableAccount(context, parseId(context.params.userId));
  if ('error' in account) return account.error;
  return albumsAnswer(context, account, call.version);
};
