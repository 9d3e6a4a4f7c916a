import { describe, expect, it } from 'vitest';
import { parseShareRequest } from './shareRequest.ts';

const good = {
  user_emails: 'ana@example.com, bo@example.org',
  message: 'Look!\nThis one.',
  'g-recaptcha-response': 'solved',
  token: 't',
  action: 'send_message',
};
const parse = (body: unknown, captchaRequired = true) =>
  parseShareRequest(body, { captchaRequired });

describe('share request', () => {
  it('takes comma-joined recipients, the message and the captcha', () => {
    expect(parse(good)).toEqual({
      ok: true,
      input: {
        emails: ['ana@example.com', 'bo@example.org'],
        message: 'Look!\nThis one.',
        captcha: 'solved',
      },
    });
  });

  it('sends once to an address given twice', () => {
    const parsed = parse({ ...good, user_emails: 'ana@example.com,ANA@example.com' });
    expect(parsed.ok && parsed.input.emails).toEqual(['ana@example.com']);
  });

  it('refuses malformed, missing and too many recipients', () => {
    expect(parse({ ...good, user_emails: 'ana@example.com,nope' })).toMatchObject({
      ok: false,
      refusal: 'invalid_email',
    });
    expect(parse({ ...good, user_emails: ' , ' })).toMatchObject({
      ok: false,
      refusal: 'no_recipients',
    });
    expect(parse({ ...good, user_emails: ['ana@example.com'] })).toMatchObject({
      ok: false,
      refusal: 'invalid_email',
    });
    const hundreds = Array.from({ length: 300 }, (_, i) => `p${i}@example.com`).join(',');
    expect(parse({ ...good, user_emails: hundreds })).toMatchObject({
      ok: false,
      refusal: 'too_many_recipients',
    });
  });

  it('refuses header injection in the recipients and control characters in the message', () => {
    expect(
      parse({ ...good, user_emails: 'ana@example.com\r\nBcc: all@example.com' }),
    ).toMatchObject({ ok: false, refusal: 'invalid_email' });
    expect(parse({ ...good, user_emails: 'ana@example.com%0d%0aBcc:x@example.com' })).toMatchObject(
      { ok: false, refusal: 'invalid_email' },
    );
    expect(parse({ ...good, message: 'hi\u0000there' })).toMatchObject({
      ok: false,
      refusal: 'bad_message',
    });
  });

  it('refuses a message over 4096 characters', () => {
    expect(parse({ ...good, message: 'x'.repeat(4097) })).toMatchObject({
      ok: false,
      refusal: 'message_too_long',
      field: 'message',
    });
    expect(parse({ ...good, message: 'x'.repeat(1024 * 1024) })).toMatchObject({
      ok: false,
      refusal: 'message_too_long',
    });
  });

  it('needs the action and, unless waived, the captcha', () => {
    expect(parse({ ...good, action: 'other' })).toMatchObject({ ok: false, refusal: 'bad_action' });
    expect(parse({ ...good, 'g-recaptcha-response': '' })).toMatchObject({
      ok: false,
      refusal: 'captcha_missing',
    });
    expect(parse({ ...good, 'g-recaptcha-response': undefined }, false)).toMatchObject({
      ok: true,
    });
    expect(parse(null)).toMatchObject({ ok: false, refusal: 'bad_action' });
  });
});
