import type { APIRoute } from 'astro';
import { chatMessageFrame } from '../../../lib/chatFrame.ts';
import { sseFrame } from '../../../lib/sseFrame.ts';
import { withChatAccess } from '../../../server/chat/chatResponses.ts';
import { listChatMessages, recentlyDeletedIds } from '../../../server/chat/chatStore.ts';
import { sseResponse } from '../../../server/chat/sseResponse.ts';
import { parseId } from '../../../server/http/apiResponse.ts';

/** How far back a reader starts: the latest messages, as a chat shows on arrival. */
const FIRST_MESSAGES = 50;
/** A reader coming back after a drop gets everything it missed, up to this many. */
const RESUME_MESSAGES = 500;
/** Deletions a reader coming back is told about: those among the latest messages it may hold. */
const RESUME_DELETIONS_WINDOW = 200;

/**
 * GET /live_chat/{roomId}/events?album&video: the room as Server-Sent Events. A browser
 * reconnects on its own and sends Last-Event-ID, so it resumes from the last message it saw:
 * nothing lost, nothing twice.
 */
export const GET: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    const lastId = parseId(
      context.request.headers.get('last-event-id') ??
        context.url.searchParams.get('after') ??
        undefined,
    );
    const { room } = access;
    return sseResponse({
      roomId: room.id,
      async first() {
        const messages = await listChatMessages(
          db,
          room,
          lastId === null ? { limit: FIRST_MESSAGES } : { afterId: lastId, limit: RESUME_MESSAGES },
        );
        const frames = messages.map(chatMessageFrame);
        if (lastId !== null) {
          const ids = await recentlyDeletedIds(db, room.id, RESUME_DELETIONS_WINDOW);
          if (ids.length > 0) frames.push(sseFrame({ event: 'deleted', data: { ids } }));
        }
        frames.push(sseFrame({ event: 'state', data: room.status }));
        return frames;
      },
    });
  });
