/**
 * The HTTP side of live chat routes: the context a request names (room, showcase, video,
 * viewer) and the localised JSON answer of each refusal.
 */
import type { AstroCookies } from 'astro';
import { CHAT_REFUSAL_KEYS, CHAT_REFUSAL_STATUS } from '../../lib/chatPermissions.ts';
import type { ChatRefusal } from '../../lib/chatWire.ts';
import { showcaseViewerFrom } from '../access/showcaseAccess.ts';
import { apiViewerId } from '../auth/apiViewer.ts';
import { parseId } from '../http/apiResponse.ts';
import { retryAfterHeader } from '../rateLimit/tooManyRequests.ts';
import { getDb, type Db } from '../db/client.ts';
import { decideChatAccess, type ChatContext, type ChatRoomAccess } from './chatAccess.ts';
import type { ChatOutcome } from './chatService.ts';

interface RequestParts {
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
  params: Record<string, string | undefined>;
}

/** The room a request is about, with the showcase and video it names; null for a malformed id. */
export function chatContextFrom(parts: RequestParts): ChatContext | null {
  const roomId = parseId(parts.params['roomId']);
  if (!roomId) return null;
  const query = parts.url.searchParams;
  const embedded = query.get('embed') === '1';
  const viewerId = apiViewerId(parts.locals);
  return {
    roomId,
    albumId: parseId(query.get('album') ?? undefined),
    videoId: parseId(query.get('video') ?? undefined),
    viewerId,
    viewerFor: (albumId) => showcaseViewerFrom(parts, albumId, { embedded, viewerId }),
  };
}

export function chatRefusalResponse(
  locals: Pick<App.Locals, 't' | 'locale'>,
  refusal: ChatRefusal,
  retryAfterSeconds?: number,
): Response {
  const status = CHAT_REFUSAL_STATUS[refusal];
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    'Content-Language': locals.locale,
  };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = retryAfterHeader(retryAfterSeconds);
  const message = locals.t(CHAT_REFUSAL_KEYS[refusal], { seconds: retryAfterSeconds ?? 0 });
  return Response.json({ error: message, message, code: refusal, status }, { status, headers });
}

export function chatJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * What a room's readers fetch (its events, status and replay) may be read from any origin: a
 * published page reads the room from the app's origin (src/lib/appAddress.ts). Never with
 * credentials, which `*` refuses, so another origin reads only what a stranger may.
 */
export const READ_FROM_ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' } as const;

/** A reader's answer, readable from any origin. */
export function readableChatJson(body: unknown): Response {
  return Response.json(body, { headers: { 'Cache-Control': 'no-store', ...READ_FROM_ANY_ORIGIN } });
}

type RouteContext = RequestParts & { locals: App.Locals };

/**
 * Runs `handle` with the viewer's access to the room the request names, or answers the
 * refusal (404 for an unknown room, 403 for a reader without access to the event).
 */
export async function withChatAccess(
  context: RouteContext,
  handle: (access: ChatRoomAccess, db: Db) => Promise<Response>,
): Promise<Response> {
  const chat = chatContextFrom(context);
  if (!chat) return chatRefusalResponse(context.locals, 'unknown_room');
  const db = await getDb();
  const decided = await decideChatAccess(db, chat);
  if (!decided.ok) return chatRefusalResponse(context.locals, decided.refusal);
  return handle(decided.access, db);
}

/** The answer of a service call: its value as JSON (or 204), or its refusal. */
export function chatOutcomeResponse<T>(
  locals: App.Locals,
  outcome: ChatOutcome<T>,
  status = 200,
): Response {
  if (!outcome.ok) return chatRefusalResponse(locals, outcome.refusal, outcome.retryAfterSeconds);
  return outcome.value === null
    ? new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    : chatJson(outcome.value, status);
}
