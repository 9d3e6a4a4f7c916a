import { describe, expect, it } from 'vitest';
import { chatUrl, eventsUrl } from './chatAddress.ts';

const room = { roomPath: '/fr-FR/live_chat/4', query: { album: '2', video: '9', sh: 'a b' } };

describe('chat room addresses', () => {
  it('carry the context query on every route', () => {
    expect(chatUrl(room, '/status')).toBe('/fr-FR/live_chat/4/status?album=2&video=9&sh=a+b');
    expect(chatUrl({ roomPath: '/live_chat/4', query: {} })).toBe('/live_chat/4');
  });

  it('resume the event stream after the newest message held, or start it afresh', () => {
    expect(eventsUrl(room, 41)).toBe('/fr-FR/live_chat/4/events?album=2&video=9&sh=a+b&after=41');
    expect(eventsUrl(room, null)).toBe('/fr-FR/live_chat/4/events?album=2&video=9&sh=a+b');
  });
});
