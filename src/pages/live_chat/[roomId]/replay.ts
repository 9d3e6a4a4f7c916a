import type { APIRoute } from 'astro';
import {
  chatRefusalResponse,
  readableChatJson,
  withChatAccess,
} from '../../../server/chat/chatResponses.ts';
import { replayChatMessages } from '../../../server/chat/chatStore.ts';

/** GET /live_chat/{roomId}/replay?album&video: a replay's chat in the order it was said, with offsets. */
export const GET: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    if (access.broadcastId === null) return chatRefusalResponse(context.locals, 'unknown_room');
    return readableChatJson({
      items: await replayChatMessages(db, access.room, access.broadcastId),
    });
  });
