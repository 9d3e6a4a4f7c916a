/**
 * What a chat message may be: plain text of 1 to 500 characters. Links are made clickable
 * when shown (src/lib/autolink.ts), so markup is refused rather than escaped into noise, and
 * control characters (including the bidirectional overrides that make text read backwards)
 * are refused rather than silently stripped, so the author sees what everybody will see.
 */
import type { ChatRefusal } from './chatWire.ts';

export const CHAT_MESSAGE_MAX_CHARACTERS = 500;

export type ChatBodyCheck =
  | { ok: true; body: string }
  | {
      ok: false;
      refusal: Extract<ChatRefusal, 'empty' | 'too_long' | 'control_characters' | 'html'>;
    };

// C0 and C1 controls, and the Unicode bidirectional embeddings, overrides and isolates.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// An opening or closing tag, a comment or a doctype: "<b>", "</a>", "<img src=x>", "<!-- -->".
// "a < b", "<3" and "x<y" are not markup.
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!(?:--|doctype)/iu;
// A character reference spelled out to smuggle markup past the check: "&lt;b&gt;", "&#60;".
const ENTITY = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/iu;

/** Length as people count it: code points, so an emoji is one, not two UTF-16 units. */
export function chatLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export function checkChatBody(input: unknown): ChatBodyCheck {
  if (typeof input !== 'string') return { ok: false, refusal: 'empty' };
  const body = input.normalize('NFC').trim();
  if (body.length === 0) return { ok: false, refusal: 'empty' };
  if (chatLength(body) > CHAT_MESSAGE_MAX_CHARACTERS) return { ok: false, refusal: 'too_long' };
  if (CONTROL.test(body)) return { ok: false, refusal: 'control_characters' };
  if (MARKUP.test(body) || ENTITY.test(body)) return { ok: false, refusal: 'html' };
  return { ok: true, body };
}
