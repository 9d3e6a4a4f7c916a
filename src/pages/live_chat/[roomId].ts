import type { APIRoute } from 'astro';
import { CHAT_AUDIENCES, type ChatAudience } from '../../lib/chatWire.ts';
import { chatOutcomeResponse, withChatAccess } from '../../server/chat/chatResponses.ts';
import { changeChatStatus, type ChatStatusChange } from '../../server/chat/chatService.ts';
import { BadRequestError, readJsonObject } from '../../server/http/badRequest.ts';

/** PATCH /live_chat/{roomId}, JSON { chatEnabled?, audience?, token }: a moderator opens, closes or narrows the chat. */
export const PATCH: APIRoute = (context) =>
  withChatAccess(context, async (access, db) => {
    const json = await readJsonObject(context.request);
    const change: ChatStatusChange = {};
    if (typeof json['chatEnabled'] === 'boolean') change.chatEnabled = json['chatEnabled'];
    if (CHAT_AUDIENCES.includes(json['audience'] as ChatAudience))
      change.audience = json['audience'] as ChatAudience;
    if (change.chatEnabled === undefined && change.audience === undefined)
      throw new BadRequestError('no chat setting to change');
    return chatOutcomeResponse(context.locals, await changeChatStatus(db, access, change));
  });
