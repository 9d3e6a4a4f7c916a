/**
 * The /live-chat/{roomId} page (SPEC §2): what it shows (loadChatPanel) and what its forms
 * do without JavaScript (runChatPanelForm); the island speaks to the JSON routes instead.
 */
import type {
  ChatAudience,
  ChatMessageJson,
  ChatRefusal,
  ChatStatusJson,
} from '../../lib/chatWire.ts';
import { CHAT_AUDIENCES } from '../../lib/chatWire.ts';
import { truncateEventName } from '../../lib/eventName.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import { parseId } from '../http/apiResponse.ts';
import type { ChatRoomAccess } from './chatAccess.ts';
import {
  changeChatStatus,
  muteChatUser,
  postChatMessage,
  removeChatMessage,
} from './chatService.ts';
import { listChatMessages, replayChatMessages } from './chatStore.ts';

/** Messages the page renders before the island takes over. */
const PANEL_MESSAGES = 50;

export interface ChatPanelData {
  roomId: number;
  albumId: number;
  videoId: number;
  eventName: string;
  status: ChatStatusJson;
  messages: ChatMessageJson[];
  mode: 'live' | 'replay';
  /** Why this viewer may not post now; null when they may. */
  postRefusal: ChatRefusal | null;
  moderator: boolean;
  /** Where signing in to chat leads back to: the video view holding the chat. */
  videoPath: string;
}

export async function loadChatPanel(db: Db, access: ChatRoomAccess): Promise<ChatPanelData> {
  const { room } = access;
  const messages =
    access.broadcastId !== null
      ? await replayChatMessages(db, room, access.broadcastId)
      : await listChatMessages(db, room, { limit: PANEL_MESSAGES });
  return {
    roomId: room.id,
    albumId: access.albumId,
    videoId: access.videoId,
    eventName: truncateEventName(room.event.name),
    status: room.status,
    messages,
    mode: access.mode,
    postRefusal: access.postRefusal,
    moderator: access.moderator,
    videoPath: `/showcase/${access.albumId}/video/${access.videoId}`,
  };
}

/** What a form post did, shown once on the page it returns to: 'sent', 'done', or a refusal. */
export type ChatFormNotice = 'sent' | 'done' | ChatRefusal;

/** One no-JavaScript form of the panel: post, delete, mute, unmute or settings. */
export async function runChatPanelForm(
  db: Db,
  access: ChatRoomAccess,
  form: FormData,
): Promise<ChatFormNotice> {
  const intent = formText(form, 'intent');
  if (intent === 'post') {
    const posted = await postChatMessage(db, access, { body: formText(form, 'body') });
    return posted.ok ? 'sent' : posted.refusal;
  }
  if (intent === 'delete') {
    const messageId = parseId(formText(form, 'message_id'));
    const removed = messageId ? await removeChatMessage(db, access, messageId) : null;
    return removed?.ok ? 'done' : (removed?.refusal ?? 'unknown_room');
  }
  if (intent === 'mute' || intent === 'unmute') {
    const userId = parseId(formText(form, 'user_id'));
    const changed = userId ? await muteChatUser(db, access, userId, intent === 'mute') : null;
    return changed?.ok ? 'done' : (changed?.refusal ?? 'unknown_room');
  }
  if (intent === 'settings') {
    const audience = formText(form, 'audience');
    const changed = await changeChatStatus(db, access, {
      chatEnabled: formText(form, 'chat_enabled') === 'on',
      ...(CHAT_AUDIENCES.includes(audience as ChatAudience)
        ? { audience: audience as ChatAudience }
        : {}),
    });
    return changed.ok ? 'done' : changed.refusal;
  }
  return 'empty';
}
