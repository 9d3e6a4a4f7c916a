/**
 * The 429 answer of SPEC §8 ("Whoa there!"). API callers get JSON; browsers are rewritten by
 * the caller to the localized error page /error/429, which then needs `retryAfterHeader`.
 */
import type { Translate } from '../../lib/translationKeys.ts';

/** Retry-After value: whole seconds, at least 1. */
export function retryAfterHeader(seconds: number): string {
  return String(Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1);
}

export interface TooManyRequestsInput {
  retryAfterSeconds: number;
  /** JSON (default) or the plain-text fallback. */
  wantsJson?: boolean;
  t: Translate;
  /** Sent as Content-Language when given. */
  locale?: string;
}

export function tooManyRequestsResponse({
  retryAfterSeconds,
  wantsJson = true,
  t,
  locale,
}: TooManyRequestsInput): Response {
  const headers: Record<string, string> = {
    'Retry-After': retryAfterHeader(retryAfterSeconds),
    'Cache-Control': 'no-store',
  };
  if (locale) headers['Content-Language'] = locale;
  const error = t('errors.tooManyTitle');
  const message = t('errors.tooManyBody');
  if (wantsJson) return Response.json({ error, message, status: 429 }, { status: 429, headers });
  // Plain fallback for callers that cannot rewrite to the error page.
  return new Response(`${error}\n${message}\n`, {
    status: 429,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
