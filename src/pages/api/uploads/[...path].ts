import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { handleUpload } from '../../../server/ingest/tusUploads.ts';

/**
 * /api/uploads: resumable uploads (tus) for signed-in accounts or bearer-token clients.
 * Creating and appending change state, so a browser session sends its token as X-XSRF-Token.
 */
export const ALL: APIRoute = async ({ request, locals }) => {
  const userId = apiViewerId(locals);
  if (userId === null) return jsonError(locals, 401);
  return handleUpload(request, { userId, t: locals.t });
};
