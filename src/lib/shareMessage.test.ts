import { describe, expect, it } from 'vitest';
import { addChips } from './emailChips.ts';
import { canSend, messageExcess, messageLength, SHARE_MESSAGE_MAX } from './shareMessage.ts';

describe('share message', () => {
  it('allows 4096 characters and counts the excess', () => {
    expect(messageExcess('a'.repeat(SHARE_MESSAGE_MAX))).toBe(0);
    expect(messageExcess('a'.repeat(SHARE_MESSAGE_MAX + 3))).toBe(3);
    expect(messageExcess('')).toBe(0);
  });

  it('counts an emoji as one character', () => {
    expect(messageLength('🎬🎬')).toBe(2);
    expect(messageExcess('🎬'.repeat(SHARE_MESSAGE_MAX))).toBe(0);
  });
});

describe('Send', () => {
  const one = addChips([], 'ana@example.com');
  it('needs a passed captcha and at least one e-mail', () => {
    expect(canSend({ chips: one, captchaPassed: true, message: '' })).toBe(true);
    expect(canSend({ chips: one, captchaPassed: false, message: '' })).toBe(false);
    expect(canSend({ chips: [], captchaPassed: true, message: '' })).toBe(false);
  });

  it('stays off with an invalid address, too many recipients or a message over the limit', () => {
    expect(canSend({ chips: addChips(one, 'nope'), captchaPassed: true, message: '' })).toBe(false);
    const many = addChips([], Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(','));
    expect(canSend({ chips: many, captchaPassed: true, message: '' })).toBe(false);
    expect(
      canSend({ chips: one, captchaPassed: true, message: 'a'.repeat(SHARE_MESSAGE_MAX + 1) }),
    ).toBe(false);
  });
});
