import { describe, expect, it } from 'vitest';
import { truncateEventName } from './eventName.ts';

describe('truncateEventName', () => {
  it('keeps a name of exactly 60 characters whole', () => {
    const name = 'a'.repeat(60);
    expect(truncateEventName(name)).toBe(name);
  });

  it('cuts a name of 61 characters to 60 and an ellipsis', () => {
    expect(truncateEventName(`${'a'.repeat(60)}b`)).toBe(`${'a'.repeat(60)}…`);
  });

  it('counts an emoji made of several code points as one character and never splits it', () => {
    const family = '👨‍👩‍👧‍👦';
    const name = `${'a'.repeat(59)}${family}${family}`;
    expect(truncateEventName(name)).toBe(`${'a'.repeat(59)}${family}…`);
  });

  it('keeps a letter with its combining accent together', () => {
    const e = 'e\u0301';
    expect(truncateEventName(e.repeat(61))).toBe(`${e.repeat(60)}…`);
  });

  it('leaves no space before the ellipsis', () => {
    expect(truncateEventName(`${'a'.repeat(59)} and more`)).toBe(`${'a'.repeat(59)}…`);
  });

  it('leaves short names alone', () => {
    expect(truncateEventName('Q&A with the crew')).toBe('Q&A with the crew');
  });
});
