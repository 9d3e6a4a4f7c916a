import type { APIRoute } from 'astro';
import { beginMeCall, videosAnswer } from '../../../server/api/accountAnswers.ts';
import {
  createApiUpload,
  openedUploadAnswer,
  uploadRefusalAnswer,
  uploadRequestSchema,
} from '../../../server/api/apiUpload.ts';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { getDb } from '../../../server/db/client.ts';
import { beginApiCall } from '../../../server/http/apiResponse.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';

/** GET /me/videos: every video of the token's user, in any state (query, sort, direction, page, per_page). */
export const GET: APIRoute = async (context) => {
  const me = await beginMeCall(context);
  if ('error' in me) return me.error;
  return videosAnswer(context, me.account, me.version);
};

/**
 * POST /me/videos { upload: { approach: 'tus', size }, name, description, privacy }: Vimeo's
 * upload, as its clients' upload() sends it. Answers the new video with
 * `upload: { approach, upload_link, size, status }`; the client sends the file to upload_link.
 */
export const POST: APIRoute = async (context) => {
  const call = beginApiCall(context, 'upload');
  if ('error' in call) return call.error;
  const userId = apiViewerId(context.locals);
  if (userId === null) return jsonError(context.locals, 401);
  const parsed = uploadRequestSchema.safeParse(await context.request.json().catch(() => null));
  if (!parsed.success) {
    const fields = [
      ...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(body)')),
    ];
    return jsonError(context.locals, 400, {
      error: context.locals.t('errors.apiInvalidParameter'),
      developer_message:
        'Send JSON { "upload": { "approach": "tus", "size": <bytes> }, "name", "description", ' +
        `"privacy": { "view" } }; not understood: ${fields.join(', ')}.`,
      invalid_parameters: fields.map((field) => ({ field })),
    });
  }
  const db = await getDb();
  const created = await createApiUpload(db, userId, parsed.data);
  if ('refused' in created) return uploadRefusalAnswer(context, created.refused);
  return openedUploadAnswer(
    context,
    db,
    { ...created, size: parsed.data.upload.size },
    call.version,
  );
};
