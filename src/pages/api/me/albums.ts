import type { APIRoute } from 'astro';
import { albumsAnswer, beginMeCall } from '../../../server/api/accountAnswers.ts';
import { createAlbumAnswer } from '../../../server/api/apiAlbumWrites.ts';

/** GET /me/albums: every showcase of the token's user (query, sort, direction, page, per_page). */
export const GET: APIRoute = async (context) => {
  const me = await beginMeCall(context);
  if ('error' in me) return me.error;
  return albumsAnswer(context, me.account, me.version);
};

/** POST /me/albums: a new showcase of the token's user (`create` scope; 201). */
export const POST: APIRoute = (context) => createAlbumAnswer(context);
