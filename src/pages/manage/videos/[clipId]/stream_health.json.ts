/**
 * GET /manage/videos/{clipId}/stream_health.json: the live event's stream health panel in the
 * viewer's language (src/server/live/streamHealthView.ts), which the studio's event page and
 * the Go live panel ask for every few seconds. Only for those who may manage the event, as the
 * Go live panel is (managedLiveEvent.ts); anyone else is told there is no such event.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { PRIVATE_HEADERS } from '../../../../server/http/cacheControl.ts';
import { errorResponse } from '../../../../server/http/errorResponse.ts';
import { findManagedLiveEvent } from '../../../../server/live/managedLiveEvent.ts';
import { loadStreamHealthView } from '../../../../server/live/streamHealthView.ts';

export const GET: APIRoute = async (context) => {
  const { locals, params } = context;
  if (!locals.viewer) return errorResponse(context, 401);
  const videoId = parseId(params['clipId']);
  const event =
    videoId === null
      ? null
      : await findManagedLiveEvent(await getDb(), locals.viewer.user.id, videoId);
  if (!event) return errorResponse(context, 404);
  const view = await loadStreamHealthView(event.videoId, {
    lastError: event.lastError,
    t: locals.t,
    locale: locals.locale,
  });
  return Response.json(view, { headers: PRIVATE_HEADERS });
};
