import { describe, expect, it } from 'vitest';
import {
  addChips,
  isChipKey,
  isValidEmail,
  joinEmails,
  refusesLeadingSeparator,
  removeChip,
  splitEmails,
} from './emailChips.ts';

describe('e-mail chips', () => {
  it('splits on commas and trims', () => {
    expect(splitEmails(' ana@example.com, bo@example.org ,,')).toEqual([
      'ana@example.com',
      'bo@example.org',
    ]);
  });

  it('checks each address against the standard pattern', () => {
    expect(isValidEmail('ana@example.com')).toBe(true);
    expect(isValidEmail('ana.b+tag@sub.example.co')).toBe(true);
    expect(isValidEmail('ana@')).toBe(false);
    expect(isValidEmail('ana@localhost')).toBe(false);
    expect(isValidEmail('ana@intranet')).toBe(false);
    expect(isValidEmail('ana@127.0.0.1')).toBe(false);
    expect(isValidEmail('ana@example.c0m1')).toBe(false);
    expect(isValidEmail('ana@xn--bcher-kva.ch')).toBe(true);
    expect(isValidEmail('ana@mail.example.xn--p1ai')).toBe(true);
    expect(isValidEmail('ana example@example.com')).toBe(false);
    expect(isValidEmail('ana@example.com\r\nBcc: x@example.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('turns typed text into chips, marking the invalid ones, without repeats', () => {
    const chips = addChips([], 'ana@example.com, nope');
    expect(chips).toEqual([
      { email: 'ana@example.com', valid: true },
      { email: 'nope', valid: false },
    ]);
    expect(addChips(chips, 'ANA@example.com bo@example.org')).toEqual([
      ...chips,
      { email: 'bo@example.org', valid: true },
    ]);
    expect(removeChip(chips, 'nope')).toEqual([{ email: 'ana@example.com', valid: true }]);
    expect(joinEmails(addChips([], 'a@b.co,c@d.co'))).toBe('a@b.co,c@d.co');
  });

  it('adds on comma, space, Tab and Enter', () => {
    expect([',', ' ', 'Tab', 'Enter'].every(isChipKey)).toBe(true);
    expect(isChipKey('a')).toBe(false);
    expect(isChipKey(';')).toBe(false);
  });

  it('refuses a leading comma or space', () => {
    expect(refusesLeadingSeparator('', ',')).toBe(true);
    expect(refusesLeadingSeparator('  ', ' ')).toBe(true);
    expect(refusesLeadingSeparator('ana', ',')).toBe(false);
    expect(refusesLeadingSeparator('', 'Enter')).toBe(false);
  });
});
