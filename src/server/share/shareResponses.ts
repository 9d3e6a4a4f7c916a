/**
 * The HTTP side of sharing: who is sending (from the request), where the mail's links point,
 * and the localised JSON answer of each outcome (SPEC §8: "Not a valid email", the toast's
 * "Oops, something went wrong." when the mail could not go out, "Whoa there!" for 429).
 */
import type { APIContext } from 'astro';
import { MAX_RECIPIENTS } from '../../lib/emailChips.ts';
import { SHARE_MESSAGE_MAX } from '../../lib/shareMessage.ts';
import { jsonError } from '../http/errorResponse.ts';
import { clientKey } from '../rateLimit/clientKey.ts';
import { tooManyRequestsResponse } from '../rateLimit/tooManyRequests.ts';
import type { ShareOutcome, ShareSender } from './shareService.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

type Refusal = Extract<ShareOutcome, { ok: false }>['refusal'];

/** The message of each refusal of a bad request (i18n/<locale>/share.json). */
export const SHARE_REFUSAL_KEYS: Readonly<
  Record<Exclude<Refusal, 'not_found' | 'not_offered' | 'too_many' | 'send_failed'>, TranslationKey>
> = {
  no_recipients: 'share.errorNoRecipients',
  invalid_email: 'share.invalidEmail',
  too_many_recipients: 'share.errorTooManyRecipients',
  message_too_long: 'share.errorMessageTooLong',
  bad_message: 'share.errorBadMessage',
  bad_action: 'share.errorBadRequest',
  captcha_missing: 'share.errorCaptcha',
  captcha_invalid: 'share.errorCaptcha',
  captcha_expired: 'share.captchaExpired',
};

const REFUSAL_STATUS: Partial<Record<Refusal, 403 | 404 | 429 | 502>> = {
  not_found: 404,
  not_offered: 403,
  too_many: 429,
  send_failed: 502,
};

/** The status of the share page refused: a bad request unless the refusal says otherwise. */
export function shareRefusalStatus(refusal: Refusal): number {
  return REFUSAL_STATUS[refusal] ?? 400;
}

export function shareSenderFrom(
  context: Pick<APIContext, 'locals' | 'clientAddress'>,
): ShareSender {
  const user = context.locals.viewer?.user ?? null;
  return {
    userId: user?.id ?? null,
    name: user?.name ?? null,
    clientKey: clientKey(context.clientAddress),
    locale: context.locals.locale,
  };
}

export function shareOutcomeResponse(locals: App.Locals, outcome: ShareOutcome): Response {
  const headers = { 'Cache-Control': 'no-store', 'Content-Language': locals.locale };
  if (outcome.ok)
    return Response.json({ sent: outcome.sent, delivery: outcome.delivery }, { headers });
  switch (outcome.refusal) {
    case 'not_found':
      return jsonError(locals, 404);
    case 'not_offered':
      return jsonError(locals, 403);
    case 'too_many':
      return tooManyRequestsResponse({
        retryAfterSeconds: outcome.retryAfterSeconds,
        t: locals.t,
        locale: locals.locale,
      });
    case 'send_failed':
      return Response.json(
        {
          error: locals.t('share.failed'),
          message: locals.t('share.failed'),
          code: 'send_failed',
          status: 502,
        },
        { status: 502, headers },
      );
    default: {
      const message = locals.t(SHARE_REFUSAL_KEYS[outcome.refusal], {
        max: outcome.refusal === 'too_many_recipients' ? MAX_RECIPIENTS : SHARE_MESSAGE_MAX,
      });
      const field = 'field' in outcome ? outcome.field : undefined;
      return Response.json(
        { error: message, message, code: outcome.refusal, field, status: 400 },
        { status: 400, headers },
      );
    }
  }
}
