import type { APIRoute } from 'astro';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { handleUpload } from '../../../server/ingest/tusUploads.ts';

/**
 * /api/uploads: resumable uploads (tus) for signed-in accounts. Creating and appending are
 * state-changing requests, so clients send the session's token as X-XSRF-Token.
 */
export const ALL: APIRoute = async ({ request, locals }) => {
  if (!locals.viewer) return jsonError(locals, 401);
  return handleUpload(request, { userId: locals.viewer.user.id, t: locals.t });
};
