/**
 * What live chat sends over the wire: to browsers (JSON answers and Server-Sent Events) and
 * between app nodes (the chat bus). One shape for both, so a node relays what it receives.
 */

/** Who may post when chat is on: any signed-in viewer, or only the owner and their team. */
export type ChatAudience = 'everyone' | 'members';
export const CHAT_AUDIENCES: readonly ChatAudience[] = ['everyone', 'members'];

export interface ChatAuthor {
  id: number;
  name: string;
  /** Shown beside the name: the event's owner, or an Admin of the owner's team. */
  badge: 'owner' | 'admin' | null;
}

export interface ChatMessageJson {
  id: number;
  room_id: number;
  body: string;
  /** ISO 8601. */
  created_at: string;
  /** Milliseconds since the broadcast it was posted during began; null when posted off the air. */
  offset_ms: number | null;
  author: ChatAuthor;
}

/** SPEC §7 GET /live_chat/{roomId}/status. */
export interface ChatStatusJson {
  chatEnabled: boolean;
  audience: ChatAudience;
}

export type ChatEvent =
  | { type: 'message'; roomId: number; message: ChatMessageJson }
  | { type: 'deleted'; roomId: number; ids: number[] }
  | { type: 'state'; roomId: number; status: ChatStatusJson }
  | { type: 'muted'; roomId: number; userId: number; muted: boolean };

/** Why a post was refused: the `code` of the error answer, each with its localised message. */
export type ChatRefusal =
  | 'empty'
  | 'too_long'
  | 'control_characters'
  | 'html'
  | 'forged_author'
  | 'sign_in'
  | 'muted'
  | 'members_only'
  | 'no_access'
  | 'unknown_room'
  | 'chat_off'
  | 'too_fast';
