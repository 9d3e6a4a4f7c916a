import type { APIRoute } from 'astro';
import {
  chatOutcomeResponse,
  chatRefusalResponse,
  withChatAccess,
} from '../../../../server/chat/chatResponses.ts';
import { removeChatMessage } from '../../../../server/chat/chatService.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';

/** DELETE /live_chat/{roomId}/messages/{messageId}: a moderator removes a message for everybody. */
export const DELETE: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    const messageId = parseId(context.params['messageId']);
    if (!messageId) return chatRefusalResponse(context.locals, 'unknown_room');
    return chatOutcomeResponse(context.locals, await removeChatMessage(db, access, messageId));
  });
