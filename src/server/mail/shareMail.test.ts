import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/domain.ts';
import { outboxMailer } from './mailer.ts';
import { composeShareMail } from './shareMail.ts';

const showcase = {
  title: 'Harbour\r\nBcc: x@example.com',
  url: 'https://films.example.com/showcase/4',
  thumbnailUrl: null,
};

describe('share mail', () => {
  it('is written in each locale, and the English one is not reused', () => {
    const english = composeShareMail({ locale: 'en', senderName: 'Sam', showcase, message: '' });
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const mail = composeShareMail({ locale, senderName: 'Sam', showcase, message: '' });
      expect(mail.subject, locale).toContain('Sam');
      expect(mail.subject, locale).not.toBe(english.subject);
      expect(mail.text, locale).toContain(showcase.url);
      expect(mail.html, locale).toContain(`lang="${locale}"`);
    }
  });

  it('keeps a subject on one line whatever the title holds', () => {
    const { subject } = composeShareMail({
      locale: 'en',
      senderName: 'Sam\nBcc: y@example.com',
      showcase,
      message: '',
    });
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('leaves out the message block and the picture when there are none', () => {
    const { html, text } = composeShareMail({
      locale: 'en',
      senderName: null,
      showcase,
      message: '   ',
    });
    expect(html).not.toContain('<blockquote');
    expect(html).not.toContain('<img');
    expect(text).not.toContain('Their message');
  });

  it('lands whole in the outbox as an .eml file', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'vitrine-outbox-'));
    await outboxMailer(folder, 'Vitrine <no-reply@vitrine.test>').send({
      to: 'ana@example.com',
      ...composeShareMail({ locale: 'en', senderName: 'Sam', showcase, message: 'Hi' }),
    });
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(folder, files[0]!), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Content-Type: text/html');
  });
});
