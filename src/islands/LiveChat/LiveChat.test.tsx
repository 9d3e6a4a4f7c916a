/**
 * The panel as the server renders it: what a reader gets before (or without) JavaScript, and
 * the markup the island hydrates.
 */
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatMessageJson, ChatRefusal } from '../../lib/chatWire.ts';
import type { LiveChatStrings } from './chatStrings.ts';
import LiveChat, { type LiveChatProps } from './LiveChat.tsx';

const en = JSON.parse(
  readFileSync(new URL('../../../i18n/en/chat.json', import.meta.url), 'utf8'),
) as Record<string, string>;
// The island's templates carry {name} where the catalogue has {{name}} (liveChatStrings.ts).
const template = (key: string) => en[key]!.replace(/\{\{(\w+)\}\}/g, '{$1}');
const REFUSALS: ChatRefusal[] = [
  'empty',
  'too_long',
  'control_characters',
  'html',
  'forged_author',
  'sign_in',
  'muted',
  'members_only',
  'no_access',
  'unknown_room',
  'chat_off',
  'too_fast',
];
const refusalKey = (code: string) =>
  `error${code.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;
const strings = {
  ...Object.fromEntries(Object.keys(en).map((key) => [key, template(key)])),
  opensInNewTab: '(opens in a new tab)',
  refusals: Object.fromEntries(REFUSALS.map((code) => [code, template(refusalKey(code))])),
} as unknown as LiveChatStrings;

function message(
  id: number,
  body: string,
  author: Partial<ChatMessageJson['author']> = {},
  offset_ms: number | null = null,
): ChatMessageJson {
  return {
    id,
    room_id: 4,
    body,
    created_at: '2030-01-01T12:34:00.000Z',
    offset_ms,
    author: { id: 20 + id, name: `Viewer ${id}`, badge: null, ...author },
  };
}

const ann = { id: 7, name: 'Ann' };

function render(over: Partial<LiveChatProps> = {}): string {
  const props: LiveChatProps = {
    roomPath: '/live_chat/4',
    query: { album: '2', video: '9' },
    mode: 'live',
    eventName: 'Launch day',
    status: { chatEnabled: true, audience: 'everyone' },
    messages: [
      message(1, 'Hello'),
      message(2, 'Welcome all', { id: 3, name: 'Olga', badge: 'owner' }),
    ],
    viewer: ann,
    refusal: null,
    moderator: false,
    signInHref: '/log_in?redirect=%2Fshowcase%2F2%2Fvideo%2F9',
    action: '/live-chat/4?album=2&video=9',
    token: 'tok',
    notice: null,
    locale: 'en',
    strings,
    ...over,
  };
  return renderToString(<LiveChat {...props} />);
}

describe('the live chat panel, server-rendered', () => {
  it('shows the messages in a polite log, with their authors and the owner’s badge', () => {
    const html = render();
    expect(html).toMatch(/role="log"[^>]*aria-live="polite"|aria-live="polite"[^>]*role="log"/);
    expect(html).toContain('Viewer 1');
    expect(html).toContain('Hello');
    expect(html).toMatch(/Olga<\/span><span[^>]*>Owner<\/span>/);
    expect(html).toContain('<time dateTime="2030-01-01T12:34:00.000Z"');
  });

  it('makes links clickable and never lets a message’s markup through', () => {
    const html = render({
      messages: [message(1, 'see https://example.com/a <img src=x onerror=alert(1)>')],
    });
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener nofollow ugc"');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('gives a signed-in viewer a labelled field of at most 500 characters that posts without JavaScript', () => {
    const html = render();
    expect(html).toMatch(/<form[^>]* action="\/live-chat\/4\?album=2&amp;video=9" method="post"/);
    expect(html).toContain('name="intent" value="post"');
    expect(html).toContain('name="token" value="tok"');
    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Message<\/label>[\s\S]*<input[^>]*id="\1"[^>]*maxLength="500"/,
    );
    expect(html).toContain('>Send</button>');
  });

  it('asks a viewer who is not signed in to sign in, in the top window', () => {
    const html = render({ viewer: null, refusal: 'sign_in', token: '' });
    expect(html).toContain('href="/log_in?redirect=%2Fshowcase%2F2%2Fvideo%2F9" target="_top"');
    expect(html).toContain('Sign in to chat');
    expect(html).not.toContain('name="body"');
  });

  it('closes the composer when chat is turned off', () => {
    const html = render({
      status: { chatEnabled: false, audience: 'everyone' },
      refusal: 'chat_off',
    });
    expect(html).not.toContain('name="body"');
    expect(html).toContain('Chat is turned off.');
  });

  it('tells a muted viewer why they cannot write', () => {
    const html = render({ refusal: 'muted' });
    expect(html).not.toContain('name="body"');
    expect(html).toContain(en['errorMuted']!.replace(/'/g, '&#x27;'));
  });

  it('shows what a form posted without JavaScript came to', () => {
    expect(render({ notice: 'Your message was sent.' })).toContain('Your message was sent.');
  });

  it('gives moderators Delete and Mute, named after the author, but no Mute for the owner', () => {
    const html = render({ moderator: true });
    expect(html).toContain('aria-label="Delete message from Viewer 1"');
    expect(html).toContain('aria-label="Mute Viewer 1"');
    expect(html).toContain('aria-label="Delete message from Olga"');
    expect(html).not.toContain('aria-label="Mute Olga"');
    expect(html).toContain('name="intent" value="settings"');
  });

  it('gives readers no moderation', () => {
    const html = render();
    expect(html).not.toContain('Delete message from');
    expect(html).not.toContain('name="intent" value="settings"');
  });

  it('reads a replay whole without JavaScript, with each message’s moment and no composer', () => {
    const html = render({
      mode: 'replay',
      messages: [message(1, 'First', {}, 0), message(2, 'Later', {}, 754_000)],
    });
    expect(html).toContain('First');
    expect(html).toContain('Later');
    expect(html).toContain('<time dateTime="PT754S"');
    expect(html).toContain('12:34');
    expect(html).toContain('Chat replay');
    expect(html).not.toContain('name="body"');
  });
});
