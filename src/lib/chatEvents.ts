/**
 * Reading the frames of GET /live_chat/{roomId}/events (Server-Sent Events): `message` with
 * a ChatMessageJson, `deleted` with { ids }, `state` with ChatStatusJson and `muted` with
 * { user_id, muted }; the JSON answers of the other chat routes read the same way. Each
 * reader takes a frame's text or an already parsed value. A frame that does not read as
 * its kind is dropped, not half applied.
 */
import {
  CHAT_AUDIENCES,
  type ChatAudience,
  type ChatMessageJson,
  type ChatStatusJson,
} from './chatWire.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return isRecord(data) ? data : null;
  try {
    const value: unknown = JSON.parse(data);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function readChatMessage(data: unknown): ChatMessageJson | null {
  const value = parse(data);
  const author = value?.['author'];
  if (
    !value ||
    !isId(value['id']) ||
    typeof value['body'] !== 'string' ||
    typeof value['created_at'] !== 'string'
  )
    return null;
  if (!isRecord(author) || typeof author['id'] !== 'number' || typeof author['name'] !== 'string')
    return null;
  const offset = value['offset_ms'];
  const badge = author['badge'] === 'owner' || author['badge'] === 'admin' ? author['badge'] : null;
  return {
    id: value['id'],
    room_id: typeof value['room_id'] === 'number' ? value['room_id'] : 0,
    body: value['body'],
    created_at: value['created_at'],
    offset_ms: typeof offset === 'number' && Number.isFinite(offset) ? offset : null,
    author: { id: author['id'], name: author['name'], badge },
  };
}

export function readDeletedIds(data: unknown): number[] {
  const ids = parse(data)?.['ids'];
  return Array.isArray(ids) ? ids.filter(isId) : [];
}

export function readChatStatus(data: unknown): ChatStatusJson | null {
  const value = parse(data);
  if (
    !value ||
    typeof value['chatEnabled'] !== 'boolean' ||
    !CHAT_AUDIENCES.includes(value['audience'] as ChatAudience)
  )
    return null;
  return { chatEnabled: value['chatEnabled'], audience: value['audience'] as ChatAudience };
}

export function readMuted(data: unknown): { userId: number; muted: boolean } | null {
  const value = parse(data);
  if (!value || !isId(value['user_id']) || typeof value['muted'] !== 'boolean') return null;
  return { userId: value['user_id'], muted: value['muted'] };
}
