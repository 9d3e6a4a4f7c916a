import type { APIContext, APIRoute } from 'astro';
import {
  chatOutcomeResponse,
  chatRefusalResponse,
  withChatAccess,
} from '../../../../server/chat/chatResponses.ts';
import { muteChatUser } from '../../../../server/chat/chatService.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';

const mute = (muted: boolean) => (context: APIContext) =>
  withChatAccess(context, async (access, db) => {
    const userId = parseId(context.params['userId']);
    if (!userId) return chatRefusalResponse(context.locals, 'unknown_room');
    return chatOutcomeResponse(context.locals, await muteChatUser(db, access, userId, muted));
  });

/** PUT /live_chat/{roomId}/mutes/{userId}: a moderator mutes a viewer for the event. */
export const PUT: APIRoute = mute(true);

/** DELETE /live_chat/{roomId}/mutes/{userId}: lets them speak again. */
export const DELETE: APIRoute = mute(false);
