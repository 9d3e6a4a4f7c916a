/**
 * POST /manage/videos/{clipId}/stream_key: the "New stream key" form of the Go live panel
 * (token, return_to). Replaces the live event's stream key, then goes back to the page it
 * came from, where the panel confirms it. Only for those who may manage the event; anyone
 * else is told there is no such event. The middleware has already checked the CSRF token.
 */
import type { APIRoute } from 'astro';
import { safeReturnTo } from '../../../../lib/safeRedirect.ts';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { errorResponse } from '../../../../server/http/errorResponse.ts';
import {
  findManagedLiveEvent,
  STREAM_KEY_REPLACED,
} from '../../../../server/live/managedLiveEvent.ts';
import { rotateStreamKey } from '../../../../server/live/streamKeys.ts';

export const POST: APIRoute = async (context) => {
  const { locals, params, request, redirect } = context;
  if (!locals.viewer) return errorResponse(context, 401);
  const videoId = parseId(params['clipId']);
  const db = await getDb();
  const event =
    videoId === null ? null : await findManagedLiveEvent(db, locals.viewer.user.id, videoId);
  if (!event || !(await rotateStreamKey(db, event.videoId))) return errorResponse(context, 404);
  const form = await request.formData().catch(() => new FormData());
  return redirect(`${safeReturnTo(form.get('return_to'))}#${STREAM_KEY_REPLACED}`, 303);
};
