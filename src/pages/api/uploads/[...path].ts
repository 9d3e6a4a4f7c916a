import type { APIContext, APIRoute } from 'astro';
import { apiPathOf } from '../../../lib/apiOrigin.ts';
import { scopeAllows } from '../../../lib/apiScopes.ts';
import { mayDo } from '../../../lib/studioPermissions.ts';
import { acceptsTusBody } from '../../../lib/tusRequest.ts';
import { getDb } from '../../../server/db/client.ts';
import { viaApiOrigin } from '../../../server/http/apiOrigin.ts';
import { scopeRefusal } from '../../../server/http/apiResponse.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { handleUpload, linkedUploader } from '../../../server/ingest/tusUploads.ts';
import { studioAccount } from '../../../server/studio/studioAccount.ts';

/**
 * /api/uploads: resumable uploads (tus) for signed-in accounts or bearer-token clients.
 * Creating and appending change state, so a browser session sends its token as X-XSRF-Token
 * (src/middleware.ts). A session uploads into the account it works in (a team member into the
 * team's), if its role may upload; a bearer token with the upload scope into its own account.
 * An upload the API made for a video (POST /me/videos) is continued by whoever holds its
 * address, its upload_link. Nothing here reads the body: a body that is not an upload's bytes
 * is refused at once (415), and the tus server reads one only once its sender is known.
 */
async function upload(context: APIContext): Promise<Response> {
  const { request, locals, cookies } = context;
  const { t, locale } = locals;
  const sent = {
    method: request.method,
    contentType: request.headers.get('content-type'),
    hasBody:
      Number(request.headers.get('content-length') ?? 0) > 0 ||
      request.headers.has('transfer-encoding'),
  };
  if (!acceptsTusBody(sent)) return jsonError(locals, 415);
  if (locals.bearerUserId !== null) {
    if (!scopeAllows(locals.bearerScopes, 'upload')) return scopeRefusal(context, 'upload');
    return handleUpload(request, {
      accountId: locals.bearerUserId,
      uploaderId: locals.bearerUserId,
      role: 'Owner',
      t,
      locale,
    });
  }
  if (!locals.viewer) {
    const linked = await linkedUploader(request, { t, locale });
    return linked ? handleUpload(request, linked) : jsonError(locals, 401);
  }
  const account = await studioAccount(await getDb(), locals.viewer.user, cookies);
  if (!mayDo(account.role, 'upload')) return jsonError(locals, 403);
  return handleUpload(request, {
    accountId: account.ownerId,
    uploaderId: account.userId,
    role: account.role,
    t,
    locale,
  });
}

export const ALL: APIRoute = async (context) => {
  const response = await upload(context);
  // tus writes the new upload's address as a site path; on the API origin it has the API's.
  const location = response.headers.get('location');
  if (location && viaApiOrigin(context.request))
    response.headers.set('location', apiPathOf(location));
  return response;
};
