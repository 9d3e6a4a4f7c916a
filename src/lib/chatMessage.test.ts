import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_CHARACTERS, chatLength, checkChatBody } from './chatMessage.ts';

describe('checkChatBody', () => {
  it('keeps plain text, trimmed', () => {
    expect(checkChatBody('  Hello from Lisbon 👋  ')).toEqual({
      ok: true,
      body: 'Hello from Lisbon 👋',
    });
  });

  it('refuses empty and blank messages, and anything that is not text', () => {
    expect(checkChatBody('')).toEqual({ ok: false, refusal: 'empty' });
    expect(checkChatBody(' \t ')).toEqual({ ok: false, refusal: 'empty' });
    expect(checkChatBody(undefined)).toEqual({ ok: false, refusal: 'empty' });
    expect(checkChatBody(42)).toEqual({ ok: false, refusal: 'empty' });
  });

  it('counts characters as people do: 500 emoji pass, 501 do not', () => {
    const limit = '😀'.repeat(CHAT_MESSAGE_MAX_CHARACTERS);
    expect(chatLength(limit)).toBe(500);
    expect(checkChatBody(limit).ok).toBe(true);
    expect(checkChatBody(`${limit}a`)).toEqual({ ok: false, refusal: 'too_long' });
  });

  it('refuses control characters and bidirectional overrides', () => {
    expect(checkChatBody('line one\nline two')).toEqual({
      ok: false,
      refusal: 'control_characters',
    });
    expect(checkChatBody('bell\u0007')).toEqual({ ok: false, refusal: 'control_characters' });
    expect(checkChatBody('gnp.\u202eexe')).toEqual({ ok: false, refusal: 'control_characters' });
  });

  it('refuses markup, spelled out or not', () => {
    for (const text of [
      '<b>hi</b>',
      '</a>',
      '<img src=x onerror=alert(1)>',
      'x <br/> y',
      '<!-- hidden -->',
      '&lt;script&gt;',
      '&#60;b>',
    ]) {
      expect(checkChatBody(text), text).toEqual({ ok: false, refusal: 'html' });
    }
  });

  it('lets text through that only looks like markup', () => {
    for (const text of ['a < b and c > d', 'I <3 this', '5<6', 'AT&T', 'fish & chips']) {
      expect(checkChatBody(text), text).toEqual({ ok: true, body: text });
    }
  });
});
