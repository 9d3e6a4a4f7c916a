import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client.ts';
import { parseId } from '../../../server/http/apiResponse.ts';
import { chatRefusalResponse, readableChatJson } from '../../../server/chat/chatResponses.ts';
import { chatStatus } from '../../../server/chat/chatStore.ts';

/** GET /live_chat/{roomId}/status (SPEC §7): polled every 4 s by the panel; reads chatEnabled. */
export const GET: APIRoute = async ({ params, locals }) => {
  const roomId = parseId(params['roomId']);
  const status = roomId ? await chatStatus(await getDb(), roomId) : null;
  return status ? readableChatJson(status) : chatRefusalResponse(locals, 'unknown_room');
};
