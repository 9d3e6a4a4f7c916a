import type { APIRoute } from 'astro';
import { albumsAnswer, beginMeCall } from '../../../server/api/accountAnswers.ts';

/** GET /me/albums: every showcase of the token's user (sort, direction, page, per_page). */
export const GET: APIRoute = async (context) => {
  const me = await beginMeCall(context);
  if ('error' in me) return me.error;
  return albumsAnswer(context, me.account, me.version);
};
