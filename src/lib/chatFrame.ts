/**
 * A chat event as the Server-Sent Events frame browsers receive (the frames of the live chat
 * contract): messages carry their id, so a reconnecting EventSource resumes after the last one.
 */
import type { ChatEvent, ChatMessageJson } from './chatWire.ts';
import { sseFrame } from './sseFrame.ts';

export function chatMessageFrame(message: ChatMessageJson): string {
  return sseFrame({ event: 'message', id: String(message.id), data: message });
}

export function chatEventFrame(event: ChatEvent): string {
  switch (event.type) {
    case 'message':
      return chatMessageFrame(event.message);
    case 'deleted':
      return sseFrame({ event: 'deleted', data: { ids: event.ids } });
    case 'state':
      return sseFrame({ event: 'state', data: event.status });
    case 'muted':
      return sseFrame({ event: 'muted', data: { user_id: event.userId, muted: event.muted } });
  }
}
