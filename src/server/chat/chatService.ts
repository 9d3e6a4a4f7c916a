/**
 * What a moderator or a viewer does in a live chat, each as one call: check, store, then
 * tell every node through the chat bus (the publishing node's streams hear it the same way).
 * Access has been decided by chatAccess.ts before any of these runs.
 */
import { checkChatBody } from '../../lib/chatMessage.ts';
import type {
  ChatAudience,
  ChatMessageJson,
  ChatRefusal,
  ChatStatusJson,
} from '../../lib/chatWire.ts';
import type { TeamRole } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../logger.ts';
import { metrics } from '../metrics.ts';
import { consume } from '../rateLimit/rateLimiter.ts';
import { chatBus } from './chatBus.ts';
import type { ChatRoomAccess } from './chatAccess.ts';
import {
  deleteChatMessage,
  insertChatMessage,
  setMuted,
  updateChatStatus,
  type ChatRoom,
} from './chatStore.ts';

export type ChatOutcome<T> =
  { ok: true; value: T } | { ok: false; refusal: ChatRefusal; retryAfterSeconds?: number };

export interface ChatPost {
  body: unknown;
  /** An author the client named: refused unless it is the viewer (authors come from the session). */
  claimedAuthorId?: unknown;
}

const refuse = (refusal: ChatRefusal, retryAfterSeconds?: number) => ({
  ok: false as const,
  refusal,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

export async function postChatMessage(
  db: Db,
  access: ChatRoomAccess,
  post: ChatPost,
): Promise<ChatOutcome<ChatMessageJson>> {
  if (access.postRefusal) return refuse(access.postRefusal);
  const viewerId = access.viewerId!;
  if (
    post.claimedAuthorId !== undefined &&
    post.claimedAuthorId !== null &&
    Number(post.claimedAuthorId) !== viewerId
  )
    return refuse('forged_author');
  const checked = checkChatBody(post.body);
  if (!checked.ok) return refuse(checked.refusal);
  const limit = await consume('chatMessage', `user:${viewerId}`);
  if (!limit.allowed) return refuse('too_fast', limit.retryAfterSeconds);
  return {
    ok: true,
    value: await sayInRoom(db, access.room, {
      userId: viewerId,
      role: access.role,
      body: checked.body,
    }),
  };
}

/** Stores a checked message and sends it to every reader of the room. */
export async function sayInRoom(
  db: Db,
  room: ChatRoom,
  { userId, role, body }: { userId: number; role: TeamRole | null; body: string },
): Promise<ChatMessageJson> {
  const message = await insertChatMessage(db, { room, userId, role, body });
  metrics().chatMessages.inc();
  await announce({ type: 'message', roomId: room.id, message });
  return message;
}

export async function removeChatMessage(
  db: Db,
  access: ChatRoomAccess,
  messageId: number,
): Promise<ChatOutcome<null>> {
  if (!access.moderator) return refuse('no_access');
  if (!(await deleteChatMessage(db, access.room.id, messageId, access.viewerId!)))
    return refuse('unknown_room');
  logger.info({ roomId: access.room.id, messageId, by: access.viewerId }, 'chat message deleted');
  await announce({ type: 'deleted', roomId: access.room.id, ids: [messageId] });
  return { ok: true, value: null };
}

export async function muteChatUser(
  db: Db,
  access: ChatRoomAccess,
  userId: number,
  muted: boolean,
): Promise<ChatOutcome<null>> {
  if (!access.moderator) return refuse('no_access');
  await setMuted(db, access.room.id, userId, muted, access.viewerId!);
  logger.info({ roomId: access.room.id, userId, muted, by: access.viewerId }, 'chat mute changed');
  await announce({ type: 'muted', roomId: access.room.id, userId, muted });
  return { ok: true, value: null };
}

export interface ChatStatusChange {
  chatEnabled?: boolean;
  audience?: ChatAudience;
}

export async function changeChatStatus(
  db: Db,
  access: ChatRoomAccess,
  change: ChatStatusChange,
): Promise<ChatOutcome<ChatStatusJson>> {
  if (!access.moderator) return refuse('no_access');
  const status = await updateChatStatus(db, access.room.id, change);
  if (!status) return refuse('unknown_room');
  logger.info({ roomId: access.room.id, ...status, by: access.viewerId }, 'chat settings changed');
  await announce({ type: 'state', roomId: access.room.id, status });
  return { ok: true, value: status };
}

/** Stored is what counts: a bus that is down costs the live push, and readers catch up on reconnect. */
async function announce(
  event: Parameters<ReturnType<typeof chatBus>['publish']>[0],
): Promise<void> {
  try {
    await chatBus().publish(event);
  } catch (err) {
    logger.warn({ err, roomId: event.roomId, type: event.type }, 'chat: could not publish');
  }
}
