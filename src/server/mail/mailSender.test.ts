/** Real mail (MAIL_URL) starts only with a sender its recipients' servers would accept. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';

const SMTP = 'smtp://mail.example.com:587';

describe('the sender of real mail', () => {
  it('is refused at start when only a loopback or single-label address could name it', () => {
    for (const settings of [
      { MAIL_URL: SMTP },
      { MAIL_URL: SMTP, PUBLIC_URL: 'http://127.0.0.1:4321' },
      { MAIL_URL: SMTP, PUBLIC_URL: 'http://localhost:4321' },
    ])
      expect(() => parseConfig(settings)).toThrow(/MAIL_FROM/);
  });

  it('comes from PUBLIC_URL, or MAIL_FROM, and the outbox needs neither', () => {
    expect(() =>
      parseConfig({ MAIL_URL: SMTP, PUBLIC_URL: 'https://video.example.com' }),
    ).not.toThrow();
    expect(() =>
      parseConfig({ MAIL_URL: SMTP, MAIL_FROM: 'Studio <hello@example.com>' }),
    ).not.toThrow();
    expect(() => parseConfig({})).not.toThrow();
  });
});
