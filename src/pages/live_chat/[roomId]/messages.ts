import type { APIRoute } from 'astro';
import {
  chatJson,
  chatOutcomeResponse,
  withChatAccess,
} from '../../../server/chat/chatResponses.ts';
import { postChatMessage } from '../../../server/chat/chatService.ts';
import { listChatMessages } from '../../../server/chat/chatStore.ts';
import { parseId } from '../../../server/http/apiResponse.ts';
import { readJsonObject } from '../../../server/http/badRequest.ts';

const MAX_LIMIT = 200;

/** GET /live_chat/{roomId}/messages?album&video[&after][&limit]: the room's messages, oldest first. */
export const GET: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    const query = context.url.searchParams;
    const limit = Math.min(MAX_LIMIT, parseId(query.get('limit') ?? undefined) ?? 50);
    const items = await listChatMessages(db, access.room, {
      afterId: parseId(query.get('after') ?? undefined),
      limit,
    });
    return chatJson({ items });
  });

/** POST /live_chat/{roomId}/messages?album&video, JSON { body, token }: the stored message, 201. */
export const POST: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    const json = await readJsonObject(context.request);
    const author = json['author'];
    const claimedAuthorId =
      json['user_id'] ??
      json['author_id'] ??
      (author && typeof author === 'object'
        ? (author as Record<string, unknown>)['id']
        : undefined);
    const posted = await postChatMessage(db, access, { body: json['body'], claimedAuthorId });
    return chatOutcomeResponse(
      context.locals,
      posted.ok ? { ok: true, value: { message: posted.value } } : posted,
      201,
    );
  });
