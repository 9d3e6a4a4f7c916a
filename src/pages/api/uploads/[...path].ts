import type { APIRoute } from 'astro';
import { mayDo } from '../../../lib/studioPermissions.ts';
import { getDb } from '../../../server/db/client.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { handleUpload, linkedUploader } from '../../../server/ingest/tusUploads.ts';
import { studioAccount } from '../../../server/studio/studioAccount.ts';

/**
 * /api/uploads: resumable uploads (tus) for signed-in accounts or bearer-token clients.
 * Creating and appending change state, so a browser session sends its token as X-XSRF-Token.
 * A session uploads into the account it works in (a team member into the team's), if its
 * role may upload; a bearer token into its own account. An upload the API made for a video
 * (POST /me/videos) is continued by whoever holds its address, its upload_link.
 */
export const ALL: APIRoute = async ({ request, locals, cookies }) => {
  if (locals.bearerUserId !== null) {
    return handleUpload(request, { accountId: locals.bearerUserId, uploaderId: locals.bearerUserId, role: 'Owner', t: locals.t });
  }
  if (!locals.viewer) {
    const linked = await linkedUploader(request, locals.t);
    return linked ? handleUpload(request, linked) : jsonError(locals, 401);
  }
  const account = await studioAccount(await getDb(), locals.viewer.user, cookies);
  if (!mayDo(account.role, 'upload')) return jsonError(locals, 403);
  return handleUpload(request, { accountId: account.ownerId, uploaderId: account.userId, role: account.role, t: locals.t });
};
