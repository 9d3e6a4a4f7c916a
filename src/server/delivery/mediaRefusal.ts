/**
 * Refusals of signed media URLs. A download link that expired or was altered, or a file in
 * cold storage, is read by a person in a browser tab, so it answers in their language: media
 * paths carry no locale prefix, so the stored choice or Accept-Language decides.
 */
import type { AstroCookies } from 'astro';
import { LOCALE_COOKIE, preferredLocale } from '../../lib/localeNegotiation.ts';
import { translator } from '../i18n/translator.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export type MediaRefusal = 'expired' | 'forbidden' | 'archived' | 'missing';

const ANSWERS: Record<MediaRefusal, { status: number; key: TranslationKey }> = {
  expired: { status: 403, key: 'download.linkExpired' },
  forbidden: { status: 403, key: 'errors.forbiddenBody' },
  // 409: the file exists but must be retrieved from the archive first (docs/videos.md).
  archived: { status: 409, key: 'download.archived' },
  missing: { status: 404, key: 'errors.notFoundTitle' },
};

export function refuseMedia(
  reason: MediaRefusal,
  { request, cookies }: { request: Request; cookies: AstroCookies },
): Response {
  const locale = preferredLocale(
    cookies.get(LOCALE_COOKIE)?.value,
    request.headers.get('accept-language'),
  );
  const { status, key } = ANSWERS[reason];
  return new Response(translator(locale)(key), {
    status,
    headers: {
      'Cache-Control': 'no-store',
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Language': locale,
      Vary: 'Cookie, Accept-Language',
    },
  });
}
