import type { APIRoute } from 'astro';
import { ACCESS_STATUS } from '../../../lib/albumAccess.ts';
import { localizePath } from '../../../lib/localeNegotiation.ts';
import { openShowcase, showcaseViewerFrom } from '../../../server/access/showcaseAccess.ts';
import { getDb } from '../../../server/db/client.ts';
import { parseId } from '../../../server/http/apiResponse.ts';
import { formText, readForm } from '../../../server/http/badRequest.ts';
import { errorResponse } from '../../../server/http/errorResponse.ts';
import { seeOther } from '../../../server/settings/footerSubmission.ts';
import { follow, unfollow } from '../../../server/watch/showcaseFollows.ts';

/**
 * POST /showcase/{albumId}/follow, a form with `action` follow or unfollow and `return_to`:
 * the showcase's newest videos then show on the viewer's /watch page. Following asks the
 * access path as the showcase's pages do; unfollowing never does.
 */
export const POST: APIRoute = async (context) => {
  const { locals } = context;
  const albumId = parseId(context.params['albumId']);
  if (!albumId) return errorResponse(context, 404);
  const showcasePath = localizePath(locals.locale, `/showcase/${albumId}`);
  if (!locals.viewer)
    return seeOther(
      `${localizePath(locals.locale, '/log_in')}?redirect=${encodeURIComponent(showcasePath)}`,
    );
  const form = await readForm(context.request);
  const action = formText(form, 'action');
  if (action !== 'follow' && action !== 'unfollow') return errorResponse(context, 400);
  const db = await getDb();
  const userId = locals.viewer.user.id;
  if (action === 'unfollow') await unfollow(db, userId, albumId);
  else {
    const access = await openShowcase(db, albumId, showcaseViewerFrom(context, albumId));
    if (!access.open) return errorResponse(context, ACCESS_STATUS[access.denied.screen]);
    await follow(db, userId, albumId);
  }
  return seeOther(formText(form, 'return_to') || showcasePath);
};
