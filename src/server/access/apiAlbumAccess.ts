import type { APIContext } from 'astro';
import { ACCESS_STATUS } from '../../lib/albumAccess.ts';
import { CONTENT_RATING_COOKIE } from '../../lib/footerPreferences.ts';
import { apiReaderId } from '../auth/apiViewer.ts';
import type { Db } from '../db/client.ts';
import { parseId } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { openShowcase, showcaseViewerFrom, type OpenShowcase } from './showcaseAccess.ts';

export type ApiAlbum = { open: OpenShowcase; cache: 'public' | 'private' } | { error: Response };

/**
 * The album of an /api/albums/{albumId}… (or /api/users/{userId}/albums/{albumId}…) call
 * through the one access path: the caller
 * (session or JWT, password proof, share hash, is_embed) opens it, or gets the same status
 * the page would answer (401, 403 or 404) as a SPEC §8 error with the SPEC §4 error_code.
 * Answers may be cached only when they are the same for every anonymous caller.
 */
export async function findApiAlbum(context: APIContext, db: Db): Promise<ApiAlbum> {
  const id = parseId(context.params['albumId']);
  const owner = context.params['userId'];
  if (!id || (owner !== undefined && parseId(owner) === null))
    return { error: jsonError(context.locals, 404, { error_code: 5 }) };
  const viewerId = apiReaderId(context.locals);
  const viewer = showcaseViewerFrom(context, id, {
    embedded: context.url.searchParams.get('is_embed') === '1',
    viewerId,
  });
  const access = await openShowcase(db, id, viewer);
  if (!access.open) {
    const { screen, code } = access.denied;
    return { error: jsonError(context.locals, ACCESS_STATUS[screen], { error_code: code }) };
  }
  // Under /users/{userId}/, only that user's showcase is there.
  if (owner !== undefined && parseId(owner) !== access.showcase.found.showcase.ownerId)
    return { error: jsonError(context.locals, 404, { error_code: 5 }) };
  const anonymous = viewerId === null && !context.cookies.has(CONTENT_RATING_COOKIE);
  return {
    open: access.showcase,
    cache: access.showcase.shareable && anonymous ? 'public' : 'private',
  };
}
