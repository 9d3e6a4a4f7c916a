/**
 * What a share sends (SPEC §3 "Share message payload": user_emails comma-joined, message,
 * g-recaptcha-response, token, action) checked whole before anything is sent, so a bad
 * request sends nothing rather than half. The dialog, the share page and the server agree
 * through these rules.
 */
import { isValidEmail, MAX_RECIPIENTS, splitEmails } from './emailChips.ts';
import { messageExcess } from './shareMessage.ts';

export const SHARE_ACTION = 'send_message';

export type ShareRefusal =
  | 'no_recipients'
  | 'invalid_email'
  | 'too_many_recipients'
  | 'message_too_long'
  | 'bad_message'
  | 'bad_action'
  | 'captcha_missing';

interface ShareInput {
  emails: string[];
  message: string;
  /** The captcha's response, whichever captcha (SPEC keeps reCAPTCHA's field name). */
  captcha: string;
}

export type ParsedShare =
  | { ok: true; input: ShareInput }
  | { ok: false; refusal: ShareRefusal; field: 'user_emails' | 'message' | 'captcha' | 'action' };

// Line breaks and tabs are a message's own; other control characters have no place in a mail.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : null;

export function parseShareRequest(
  body: unknown,
  { captchaRequired }: { captchaRequired: boolean },
): ParsedShare {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (fields['action'] !== SHARE_ACTION)
    return { ok: false, refusal: 'bad_action', field: 'action' };
  const rawEmails = text(fields['user_emails']);
  if (rawEmails === null) return { ok: false, refusal: 'invalid_email', field: 'user_emails' };
  const seen = new Set<string>();
  const emails = splitEmails(rawEmails).filter(
    (email) => !seen.has(email.toLowerCase()) && Boolean(seen.add(email.toLowerCase())),
  );
  if (emails.length === 0) return { ok: false, refusal: 'no_recipients', field: 'user_emails' };
  if (emails.length > MAX_RECIPIENTS)
    return { ok: false, refusal: 'too_many_recipients', field: 'user_emails' };
  if (!emails.every(isValidEmail))
    return { ok: false, refusal: 'invalid_email', field: 'user_emails' };
  const message = text(fields['message']);
  if (message === null || CONTROL.test(message))
    return { ok: false, refusal: 'bad_message', field: 'message' };
  if (messageExcess(message) > 0)
    return { ok: false, refusal: 'message_too_long', field: 'message' };
  const captcha = text(fields['g-recaptcha-response']) ?? '';
  if (captchaRequired && captcha === '')
    return { ok: false, refusal: 'captcha_missing', field: 'captcha' };
  return { ok: true, input: { emails, message, captcha } };
}
