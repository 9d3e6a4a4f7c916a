/**
 * The reader's markup is the island's: each message the page appends without React must be
 * the very markup ChatLog renders, or React would not adopt it on taking over.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeHtml, localClock, logMarkup, messageMarkup } from '../../lib/chatLogMarkup.ts';
import type { ChatMessageJson } from '../../lib/chatWire.ts';
import ChatLog from './ChatLog.tsx';
import type { LiveChatStrings } from './chatStrings.ts';

const strings = {
  messages: 'Chat messages',
  noMessages: 'No messages yet',
  formerAccount: 'Former account',
  badgeOwner: 'Owner',
  badgeAdmin: 'Admin',
  opensInNewTab: '(opens in a new tab)',
} as LiveChatStrings;

let next = 1;
function message(body: string, author: Partial<ChatMessageJson['author']> = {}): ChatMessageJson {
  const id = next++;
  return {
    id,
    room_id: 4,
    body,
    created_at: `2030-01-01T12:${String(id).padStart(2, '0')}:00.000Z`,
    offset_ms: null,
    author: { id: 20 + id, name: `Viewer ${id}`, badge: null, ...author },
  };
}

const time = (m: ChatMessageJson) => `at ${m.created_at.slice(11, 16)}`;

/** What the island's log holds, as the server renders it for hydration. */
function islandLog(messages: ChatMessageJson[]): string {
  const html = renderToString(
    <ChatLog
      logRef={{ current: null }}
      messages={messages}
      timeOf={(m) => ({ text: time(m), dateTime: m.created_at })}
      moderation={null}
      empty={strings.noMessages}
      strings={strings}
    />,
  );
  return /data-testid="chat-log">([\s\S]*)<\/div><\/div>$/.exec(html)![1]!;
}

const SAYINGS = [
  message('Hello'),
  message('Welcome all', { name: 'Olga', badge: 'owner' }),
  message('Admin here', { badge: 'admin' }),
  message('Gone but said this', { id: 0, name: '' }),
  message('see https://example.com/a?b=1&c="2" and (www.example.org), or mail jürgen@bücher.de.'),
  message('<b>not bold</b> & \'quoted\' "twice"\nsecond line  spaced'),
  message('https://example.com'),
  message('連絡はinfo@example.jp まで'),
  message("It's <script>alert(1)</script> <img src=x onerror=alert(1)>", {
    name: '<i>Mallory</i> & "Eve"',
  }),
];

describe('the log markup of the live chat reader', () => {
  it('is the island’s markup for each message: names, badges, times, escaped text and links', () => {
    for (const saying of SAYINGS)
      expect(logMarkup([saying], time, strings), saying.body).toBe(islandLog([saying]));
  });

  it('is the island’s markup for a whole log, and for an empty one', () => {
    expect(logMarkup(SAYINGS, time, strings)).toBe(islandLog(SAYINGS));
    expect(logMarkup([], time, strings)).toBe(islandLog([]));
  });

  it('never lets markup from a message through', () => {
    const html = messageMarkup(SAYINGS.at(-1)!, '12:00', strings);
    expect(html).not.toMatch(/<(script|img|i)\b/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;',
    );
  });

  it('writes a time of day as the reader’s clock reads it', () => {
    const clock = localClock('en-US');
    expect(clock('2030-01-01T12:34:00.000Z')).toBe(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(
        new Date('2030-01-01T12:34:00.000Z'),
      ),
    );
    expect(clock('2030-01-01T12:34:00.000Z')).toMatch(/^\d{1,2}:34\s?(AM|PM)$/);
  });
});
