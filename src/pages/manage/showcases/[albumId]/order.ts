import type { APIRoute } from 'astro';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { readJsonObject } from '../../../../server/http/badRequest.ts';
import { jsonError } from '../../../../server/http/errorResponse.ts';
import { findStudioShowcase, reorderShowcase } from '../../../../server/studio/showcaseStudio.ts';
import { studioApiGate } from '../../../../server/studio/studioAccount.ts';
import { NO_STORE_HEADERS } from '../../../../server/http/cacheControl.ts';

/**
 * POST /manage/showcases/{albumId}/order: the editor's drag and drop. JSON `video_ids`, every
 * video of the showcase once, in the new order; anything else changes nothing and answers 400
 * (409 when the showcase's videos changed meanwhile, e.g. in another tab).
 */
export const POST: APIRoute = async (context) => {
  const { locals, params, request } = context;
  const db = await getDb();
  const gate = await studioApiGate(db, context, 'manageShowcases');
  if (!gate.ok) return gate.response;
  const albumId = parseId(params.albumId);
  const showcase =
    albumId === null ? null : await findStudioShowcase(db, gate.account.ownerId, albumId);
  if (!showcase) return jsonError(locals, 404);
  const body = await readJsonObject(request);
  const ids = body['video_ids'];
  if (
    !Array.isArray(ids) ||
    !ids.every((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)
  ) {
    return jsonError(locals, 400, { message: locals.t('studio.reorderInvalid') });
  }
  const outcome = await reorderShowcase(db, showcase.id, ids);
  if (outcome.ok) return new Response(null, { status: 204 });
  if (outcome.reason !== 'missing')
    return jsonError(locals, 400, { message: locals.t('studio.reorderInvalid') });
  const message = locals.t('studio.changedElsewhere');
  return Response.json(
    { error: message, message, status: 409 },
    { status: 409, headers: NO_STORE_HEADERS },
  );
};
