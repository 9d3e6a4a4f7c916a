import { describe, expect, it } from 'vitest';
import { chatEventFrame } from './chatFrame.ts';
import type { ChatMessageJson } from './chatWire.ts';

const message: ChatMessageJson = {
  id: 12,
  room_id: 3,
  body: 'Hello\nthere',
  created_at: '2025-06-01T09:00:00.000Z',
  offset_ms: 1500,
  author: { id: 5, name: 'Ada', badge: 'owner' },
};

describe('chatEventFrame', () => {
  it('sends a message with its id, so a reconnect resumes after it', () => {
    expect(chatEventFrame({ type: 'message', roomId: 3, message })).toBe(
      `event: message\nid: 12\ndata: ${JSON.stringify(message)}\n\n`,
    );
  });

  it('sends deletions, settings and mutes in the shapes of the contract, without the room', () => {
    expect(chatEventFrame({ type: 'deleted', roomId: 3, ids: [4, 9] })).toBe(
      'event: deleted\ndata: {"ids":[4,9]}\n\n',
    );
    expect(
      chatEventFrame({
        type: 'state',
        roomId: 3,
        status: { chatEnabled: false, audience: 'members' },
      }),
    ).toBe('event: state\ndata: {"chatEnabled":false,"audience":"members"}\n\n');
    expect(chatEventFrame({ type: 'muted', roomId: 3, userId: 8, muted: true })).toBe(
      'event: muted\ndata: {"user_id":8,"muted":true}\n\n',
    );
  });
});
