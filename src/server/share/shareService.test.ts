/**
 * Sharing by e-mail against a real database and a real SMTP server on loopback: the mail
 * arrives, one per recipient, in the sender's language with the showcase's title, link,
 * picture and message; a refused request (bad recipients, injection, a huge message, a
 * showcase that does not offer sharing, an unsolved captcha, the rate limit) sends nothing.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('share');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { issueChallenge } = await import('../captcha/captcha.ts');
const { outboxMailer, smtpMailer } = await import('../mail/mailer.ts');
const { sendShare } = await import('./shareService.ts');
const { rateLimiters } = await import('../rateLimit/rateLimiter.ts');
const db = await getDb();

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => received.push(mail))
      .then(() => callback(), callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const mailer = smtpMailer(`smtp://127.0.0.1:${smtpPort}`, 'Vitrine <no-reply@vitrine.test>');

const [owner] = await db
  .insert(schema.users)
  .values({ email: 'olivia@example.test', name: 'Olivia Owner' })
  .returning();
const [sharer] = await db
  .insert(schema.users)
  .values({ email: 'sam@example.test', name: 'Sam Sharer' })
  .returning();
const showcase = async (values: Partial<typeof schema.showcases.$inferInsert> = {}) =>
  (
    await db
      .insert(schema.showcases)
      .values({ ownerId: owner!.id, name: 'Harbour <films>', ...values })
      .returning()
  )[0]!.id;
const openId = await showcase();
const [video] = await db
  .insert(schema.videos)
  .values({ ownerId: owner!.id, name: 'Dawn' })
  .returning();
await db
  .insert(schema.showcaseVideos)
  .values({ showcaseId: openId, videoId: video!.id, position: 0 });
await db
  .insert(schema.videoPictures)
  .values({ videoId: video!.id, width: 640, height: 360, storageKey: 'pictures/dawn-640.jpg' });

const viewer = (viewerId: number | null = sharer!.id) => ({
  access: { viewerId, proof: null, shareHash: null, embedded: false },
  carried: {},
  offsite: false,
  allowedRatings: ['safe', 'unrated', 'mature'] as const,
  ofcomQualifies: false,
  ageConfirmed: false,
});

async function solvedCaptcha(): Promise<string> {
  const challenge = await issueChallenge(new Date(), 200);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let senderSeq = 0;
async function share(
  albumId: number,
  body: Record<string, unknown>,
  options: {
    viewerId?: number | null;
    locale?: 'en' | 'de-DE';
    captcha?: 'required' | 'waived';
  } = {},
) {
  senderSeq += 1;
  return sendShare(db, {
    albumId,
    viewer: viewer(options.viewerId === undefined ? sharer!.id : options.viewerId) as never,
    sender: {
      userId: options.viewerId === undefined ? sharer!.id + senderSeq * 1000 : options.viewerId,
      name: 'Sam Sharer',
      clientKey: `198.51.100.${senderSeq}`,
      locale: options.locale ?? 'en',
    },
    body: { action: 'send_message', token: 't', ...body },
    publicOrigin: 'https://films.example.com',
    mailer,
    captcha: options.captcha ?? 'required',
  });
}

describe('share by e-mail', () => {
  it('mails each recipient on their own, in the sender language, with title, link, picture and message', async () => {
    received.length = 0;
    const outcome = await share(
      openId,
      {
        user_emails: 'ana@example.com, bo@example.org',
        message: 'Watch <this> one\nat dawn',
        'g-recaptcha-response': await solvedCaptcha(),
      },
      { locale: 'de-DE' },
    );
    expect(outcome).toEqual({ ok: true, sent: 2, delivery: 'smtp' });
    expect(received.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual([
      'ana@example.com',
      'bo@example.org',
    ]);
    const mail = received[0]!;
    expect(mail.subject).toBe('Sam Sharer hat „Harbour <films>“ mit dir geteilt');
    expect(mail.text).toContain(`https://films.example.com/showcase/${openId}`);
    expect(mail.text).toContain('Watch <this> one\nat dawn');
    expect(mail.html).toContain('Watch &lt;this&gt; one<br>at dawn');
    expect(mail.html).toContain('Harbour &lt;films&gt;');
    expect(mail.html).toMatch(
      /<img src="https:\/\/films\.example\.com\/media\/pictures\/dawn-640\.jpg\?exp=\d+&amp;sig=/,
    );
    expect(mail.from?.text).toContain('no-reply@vitrine.test');
  });

  it('sends nothing for malformed, injected or too many recipients, or a huge message', async () => {
    received.length = 0;
    const captcha = await solvedCaptcha();
    expect(
      await share(openId, { user_emails: 'ana@example.com,nope', 'g-recaptcha-response': captcha }),
    ).toMatchObject({ ok: false, refusal: 'invalid_email' });
    expect(
      await share(openId, {
        user_emails: 'ana@example.com\r\nBcc: all@example.com',
        'g-recaptcha-response': captcha,
      }),
    ).toMatchObject({ ok: false, refusal: 'invalid_email' });
    const hundreds = Array.from({ length: 300 }, (_, i) => `p${i}@example.com`).join(',');
    expect(
      await share(openId, { user_emails: hundreds, 'g-recaptcha-response': captcha }),
    ).toMatchObject({ ok: false, refusal: 'too_many_recipients' });
    expect(
      await share(openId, {
        user_emails: 'ana@example.com',
        message: 'x'.repeat(1024 * 1024),
        'g-recaptcha-response': captcha,
      }),
    ).toMatchObject({ ok: false, refusal: 'message_too_long' });
    expect(received).toHaveLength(0);
  });

  it('needs a captcha solved once', async () => {
    received.length = 0;
    expect(await share(openId, { user_emails: 'ana@example.com' })).toMatchObject({
      ok: false,
      refusal: 'captcha_missing',
    });
    expect(
      await share(openId, { user_emails: 'ana@example.com', 'g-recaptcha-response': 'forged' }),
    ).toMatchObject({ ok: false, refusal: 'captcha_invalid' });
    const captcha = await solvedCaptcha();
    expect(
      await share(openId, { user_emails: 'ana@example.com', 'g-recaptcha-response': captcha }),
    ).toMatchObject({ ok: true });
    expect(
      await share(openId, { user_emails: 'ana@example.com', 'g-recaptcha-response': captcha }),
    ).toMatchObject({ ok: false, refusal: 'captcha_invalid' });
    expect(received).toHaveLength(1);
  });

  it('does not share a showcase that does not offer it', async () => {
    received.length = 0;
    const ownDomain = await showcase({ domain: 'harbour.example.com' });
    const closed = await showcase({ allowShare: false });
    const password = await showcase({ privacyView: 'password' });
    for (const albumId of [ownDomain, closed]) {
      expect(
        await share(albumId, {
          user_emails: 'ana@example.com',
          'g-recaptcha-response': await solvedCaptcha(),
        }),
      ).toMatchObject({ ok: false, refusal: 'not_offered' });
    }
    // A password showcase this viewer has not opened is not there for them at all.
    expect(
      await share(password, {
        user_emails: 'ana@example.com',
        'g-recaptcha-response': await solvedCaptcha(),
      }),
    ).toMatchObject({ ok: false, refusal: 'not_found' });
    expect(
      await share(9_999_999, {
        user_emails: 'ana@example.com',
        'g-recaptcha-response': await solvedCaptcha(),
      }),
    ).toMatchObject({ ok: false, refusal: 'not_found' });
    expect(received).toHaveLength(0);
  });

  it('waives the captcha only when asked to (a signed-in no-JavaScript form)', async () => {
    received.length = 0;
    expect(
      await share(openId, { user_emails: 'ana@example.com' }, { captcha: 'waived' }),
    ).toMatchObject({ ok: true, sent: 1 });
    expect(received).toHaveLength(1);
  });

  it('stops a sender at the hourly limit, counting recipients, before sending anything', async () => {
    received.length = 0;
    const twenty = Array.from({ length: 20 }, (_, i) => `r${i}@example.com`).join(',');
    const first = await sendShare(db, {
      albumId: openId,
      viewer: viewer() as never,
      sender: { userId: 77, name: null, clientKey: '203.0.113.9', locale: 'en' },
      body: {
        action: 'send_message',
        user_emails: twenty,
        'g-recaptcha-response': await solvedCaptcha(),
      },
      publicOrigin: 'https://films.example.com',
      mailer,
      captcha: 'required',
    });
    expect(first).toEqual({ ok: true, sent: 20, delivery: 'smtp' });
    expect(received[0]!.subject).toBe('“Harbour <films>” was shared with you');
    received.length = 0;
    const second = await sendShare(db, {
      albumId: openId,
      viewer: viewer() as never,
      sender: { userId: 77, name: null, clientKey: '203.0.113.9', locale: 'en' },
      body: {
        action: 'send_message',
        user_emails: 'one.more@example.com',
        'g-recaptcha-response': await solvedCaptcha(),
      },
      publicOrigin: 'https://films.example.com',
      mailer,
      captcha: 'required',
    });
    expect(second).toMatchObject({ ok: false, refusal: 'too_many' });
    expect(received).toHaveLength(0);
    await rateLimiters().reset('shareEmail', 'user:77');
  });

  it('reports a mail server that cannot be reached', async () => {
    const down = smtpMailer('smtp://127.0.0.1:9', 'Vitrine <no-reply@vitrine.test>');
    const outcome = await sendShare(db, {
      albumId: openId,
      viewer: viewer() as never,
      sender: { userId: 78, name: null, clientKey: '203.0.113.10', locale: 'en' },
      body: {
        action: 'send_message',
        user_emails: 'ana@example.com',
        'g-recaptcha-response': await solvedCaptcha(),
      },
      publicOrigin: 'https://films.example.com',
      mailer: down,
      captcha: 'required',
    });
    expect(outcome).toEqual({ ok: false, refusal: 'send_failed' });
  });

  it('says the mails were kept in the outbox when no mail server is set up', async () => {
    const outbox = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-outbox-')), 'outbox');
    const outcome = await sendShare(db, {
      albumId: openId,
      viewer: viewer() as never,
      sender: { userId: 79, name: null, clientKey: '203.0.113.11', locale: 'en' },
      body: {
        action: 'send_message',
        user_emails: 'ana@example.com, ben@example.com',
        'g-recaptcha-response': await solvedCaptcha(),
      },
      publicOrigin: 'https://films.example.com',
      mailer: outboxMailer(outbox, 'Vitrine <no-reply@vitrine.test>'),
      captcha: 'required',
    });
    expect(outcome).toEqual({ ok: true, sent: 2, delivery: 'outbox' });
    expect(await readdir(outbox)).toHaveLength(2);
  });
});
