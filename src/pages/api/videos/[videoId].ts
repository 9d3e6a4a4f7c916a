import type { APIRoute } from 'astro';
import { findApiVideo } from '../../../server/api/apiVideos.ts';
import { deleteVideoAnswer, patchVideoAnswer } from '../../../server/api/apiVideoWrites.ts';
import { getDb } from '../../../server/db/client.ts';
import { apiOrigins } from '../../../server/http/apiOrigin.ts';
import { apiJson, beginApiCall, parseId } from '../../../server/http/apiResponse.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';

/**
 * GET /videos/{videoId}: the owner's token sees it in any state (status, upload.status,
 * transcode.status follow an upload to the end); anybody else sees it as the first showcase
 * they may watch it in shows it, with its downloads, or not at all (404).
 */
export const GET: APIRoute = async (context) => {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const videoId = parseId(context.params.videoId);
  const found =
    videoId === null
      ? null
      : await findApiVideo(
          context,
          await getDb(),
          videoId,
          apiOrigins(context.url, context.request),
        );
  if (!found) return jsonError(context.locals, 404);
  return apiJson(
    context,
    found.video,
    { resource: 'video', cache: found.private ? 'private' : 'public' },
    call.version,
  );
};

/** PATCH /videos/{videoId}: the owner edits it as in the studio (`edit` scope). */
export const PATCH: APIRoute = (context) => patchVideoAnswer(context);

/** DELETE /videos/{videoId}: the owner deletes it and its files (`delete` scope; 204). */
export const DELETE: APIRoute = (context) => deleteVideoAnswer(context);
