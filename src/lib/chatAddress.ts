/**
 * The addresses of a chat room's routes (/live_chat/{roomId}/…), each with the room's context
 * query (album, video, sh, embed) so the server decides access exactly as for the page. Shared
 * by the panel's island and its reader (src/components/chat/chatReader.ts), which loads before it.
 */

export interface ChatRoomAddress {
  /** /live_chat/{roomId}, localized. */
  roomPath: string;
  /** album, video and, when given, sh and embed. */
  query: Readonly<Record<string, string>>;
  /** The viewer's CSRF token (xsrft). */
  token: string;
}

export function chatUrl(
  { roomPath, query }: Pick<ChatRoomAddress, 'roomPath' | 'query'>,
  suffix = '',
  extra: Record<string, string> = {},
): string {
  const search = new URLSearchParams({ ...query, ...extra }).toString();
  return `${roomPath}${suffix}${search ? `?${search}` : ''}`;
}

/** The event stream, resuming after `lastId` when the panel already holds messages. */
export function eventsUrl(
  room: Pick<ChatRoomAddress, 'roomPath' | 'query'>,
  lastId: number | null,
): string {
  return chatUrl(room, '/events', lastId === null ? {} : { after: String(lastId) });
}
