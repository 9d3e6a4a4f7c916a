import { describe, expect, it } from 'vitest';
import { readChatMessage, readChatStatus, readDeletedIds, readMuted } from './chatEvents.ts';

const message = {
  id: 12,
  room_id: 3,
  body: 'Hello <b>',
  created_at: '2030-01-01T12:00:00.000Z',
  offset_ms: 4200,
  author: { id: 7, name: 'Ann', badge: 'owner' },
};

describe('chat event frames', () => {
  it('reads a message frame', () => {
    expect(readChatMessage(JSON.stringify(message))).toEqual(message);
  });

  it('reads a message already parsed', () => {
    expect(readChatMessage(message)?.id).toBe(12);
  });

  it('keeps an unknown badge and a missing offset out', () => {
    const read = readChatMessage(
      JSON.stringify({
        ...message,
        offset_ms: undefined,
        author: { ...message.author, badge: 'superuser' },
      }),
    );
    expect(read?.offset_ms).toBeNull();
    expect(read?.author.badge).toBeNull();
  });

  it.each([
    'not json',
    '[]',
    JSON.stringify({ ...message, id: 'x' }),
    JSON.stringify({ ...message, body: null }),
    JSON.stringify({ ...message, author: null }),
  ])('drops the message frame %s', (data) => {
    expect(readChatMessage(data)).toBeNull();
  });

  it('reads deleted ids, and none from a broken frame', () => {
    expect(readDeletedIds('{"ids":[4,5,"6",-1]}')).toEqual([4, 5]);
    expect(readDeletedIds('{"ids":4}')).toEqual([]);
    expect(readDeletedIds('}')).toEqual([]);
  });

  it('reads the room state', () => {
    expect(readChatStatus('{"chatEnabled":false,"audience":"members"}')).toEqual({
      chatEnabled: false,
      audience: 'members',
    });
    expect(readChatStatus({ chatEnabled: true, audience: 'everyone' })).toEqual({
      chatEnabled: true,
      audience: 'everyone',
    });
    expect(readChatStatus('{"chatEnabled":"no","audience":"members"}')).toBeNull();
    expect(readChatStatus('{"chatEnabled":true,"audience":"friends"}')).toBeNull();
  });

  it('reads a mute', () => {
    expect(readMuted('{"user_id":9,"muted":true}')).toEqual({ userId: 9, muted: true });
    expect(readMuted('{"user_id":9}')).toBeNull();
  });
});
