/**
 * Sharing a showcase by e-mail (SPEC §5, §7): one decision from the request to the mails.
 * The showcase must be one this viewer may open and that offers sharing; the captcha must
 * pass (the no-JavaScript form of a signed-in viewer is the one exception: proof of work needs
 * a script, and the account's own limit stands in); both rate limits must allow one mail per
 * recipient. Only then is anything sent, one mail per recipient, so nobody sees the others'
 * addresses. Every send is logged without its addresses or message.
 */
import type { Locale, Sort } from '../../lib/domain.ts';
import { parseShareRequest, type ShareRefusal } from '../../lib/shareRequest.ts';
import { shareOffered } from '../../lib/shareVisibility.ts';
import { isOwnerOrAdmin } from '../../lib/teamRole.ts';
import { openShowcase, type ShowcaseViewer } from '../access/showcaseAccess.ts';
import { verifyCaptcha, type CaptchaVerdict } from '../captcha/captcha.ts';
import type { Db } from '../db/client.ts';
import { signMediaPath } from '../delivery/signedUrl.ts';
import { logger } from '../logger.ts';
import type { MailDelivery, Mailer } from '../mail/mailer.ts';
import { composeShareMail } from '../mail/shareMail.ts';
import { consume } from '../rateLimit/rateLimiter.ts';
import { secret } from '../secrets.ts';
import { cachedListShowcaseVideos } from '../showcases/cachedReads.ts';
import type { ShowcaseWithOwner } from '../showcases/showcaseQueries.ts';

/** A mailed picture outlives a page's links: it stays valid for thirty days. */
const MAILED_PICTURE_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface ShareSender {
  userId: number | null;
  name: string | null;
  /** The rate-limit key of a sender who is not signed in (src/server/rateLimit/clientKey.ts). */
  clientKey: string;
  locale: Locale;
}

export interface ShareAttempt {
  albumId: number;
  viewer: ShowcaseViewer;
  sender: ShareSender;
  body: unknown;
  /** Absolute origin for the mail's links (PUBLIC_URL, else the request's). */
  publicOrigin: string;
  mailer: Mailer;
  /** 'waived' only for a signed-in viewer's no-JavaScript form. */
  captcha: 'required' | 'waived';
  now?: Date;
}

export type ShareOutcome =
  | { ok: true; sent: number; delivery: MailDelivery }
  | {
      ok: false;
      refusal: ShareRefusal | 'captcha_invalid' | 'captcha_expired' | 'not_found' | 'not_offered';
      field?: string;
    }
  | { ok: false; refusal: 'too_many'; retryAfterSeconds: number }
  | { ok: false; refusal: 'send_failed' };

const CAPTCHA_REFUSALS: Record<
  Exclude<CaptchaVerdict, 'passed'>,
  'captcha_invalid' | 'captcha_expired'
> = {
  invalid: 'captcha_invalid',
  replayed: 'captcha_invalid',
  expired: 'captcha_expired',
};

/**
 * The largest picture of the showcase's first public, all-audiences video that has one,
 * signed to last: a mail goes to people whose content filter nobody knows.
 */
async function mailedPicture(
  db: Db,
  found: ShowcaseWithOwner,
  origin: string,
  now: Date,
): Promise<string | null> {
  if (found.showcase.privacyView !== 'anybody') return null;
  const { items } = await cachedListShowcaseVideos(db, {
    showcaseId: found.showcase.id,
    sort: found.showcase.sort as Sort,
    page: 1,
    perPage: 6,
  });
  const picture = items
    .filter(
      (item) =>
        item.video.privacyView === 'anybody' &&
        item.video.contentRating === 'safe' &&
        item.pictures.length > 0,
    )
    .map((item) => item.pictures.reduce((best, p) => (p.width > best.width ? p : best)))[0];
  if (!picture) return null;
  return new URL(
    signMediaPath(picture.storageKey, {
      secret: secret('media'),
      now: now.getTime() / 1000,
      ttlSeconds: MAILED_PICTURE_TTL_SECONDS,
      shared: true,
    }),
    origin,
  ).href;
}

export async function sendShare(db: Db, attempt: ShareAttempt): Promise<ShareOutcome> {
  const { albumId, viewer, sender, publicOrigin, mailer, now = new Date() } = attempt;
  const access = await openShowcase(db, albumId, viewer);
  if (!access.open) return { ok: false, refusal: 'not_found' };
  const { found, teamRole } = access.showcase;
  const offered = shareOffered({
    allowShare: found.showcase.allowShare,
    domain: found.showcase.domain,
    privacyView: found.showcase.privacyView,
    viewerIsOwner: isOwnerOrAdmin(teamRole),
  });
  if (!offered) return { ok: false, refusal: 'not_offered' };

  const parsed = parseShareRequest(attempt.body, {
    captchaRequired: attempt.captcha === 'required',
  });
  if (!parsed.ok) return { ok: false, refusal: parsed.refusal, field: parsed.field };
  const { emails, message, captcha } = parsed.input;
  if (attempt.captcha === 'required') {
    const verdict = await verifyCaptcha(db, captcha, now);
    if (verdict !== 'passed')
      return { ok: false, refusal: CAPTCHA_REFUSALS[verdict], field: 'captcha' };
  }

  const senderKey = sender.userId !== null ? `user:${sender.userId}` : `client:${sender.clientKey}`;
  for (const [limit, key] of [
    ['shareEmail', senderKey],
    ['shareEmailPerShowcase', `showcase:${albumId}`],
  ] as const) {
    const verdict = await consume(limit, key, emails.length);
    if (!verdict.allowed)
      return { ok: false, refusal: 'too_many', retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const url = new URL(`/showcase/${albumId}`, publicOrigin);
  const sh = viewer.carried.sh;
  if (sh) url.searchParams.set('sh', sh);
  const mail = composeShareMail({
    locale: sender.locale,
    senderName: sender.name,
    showcase: {
      title: found.showcase.name,
      url: url.href,
      thumbnailUrl: await mailedPicture(db, found, publicOrigin, now),
    },
    message,
  });
  let sent = 0;
  try {
    for (const to of emails) {
      await mailer.send({ to, ...mail });
      sent += 1;
    }
  } catch (error) {
    logger.error(
      { err: error, albumId, senderId: sender.userId, recipients: emails.length, sent },
      'share e-mail failed',
    );
    return { ok: false, refusal: 'send_failed' };
  }
  logger.info(
    { albumId, senderId: sender.userId, recipients: sent, messageLength: message.length },
    'share e-mail sent',
  );
  return { ok: true, sent, delivery: mailer.delivery };
}
