/**
 * /robots.txt: where the sitemap is, and the routes crawlers have no reason to fetch: the
 * studio, accounts and sign-in, frames made to be embedded elsewhere (the player and the
 * embed-only layout, the chat panel), search results, the API, forms' targets. The public
 * pages (showcases, their videos, the stock catalogue, the site's own pages), their feeds and
 * their stable thumbnails stay open.
 *
 * Paths are prefixes; `*` stands for any run of characters (RFC 9309 §2.2.3). Every rule is
 * repeated under each locale's prefix, because '/es/manage/' is the same studio page.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './domain.ts';
import { localizePath } from './localeNegotiation.ts';

const DISALLOWED_PATHS = [
  '/api/',
  '/manage/',
  '/upload',
  '/create/',
  '/settings',
  '/log_in',
  '/log_out',
  '/sign_up',
  '/password_reset',
  '/invitations/',
  // /auth, and the SSO routes under /auth0/.
  '/auth',
  '/offsite_redirect',
  '/age_gate',
  '/search',
  '/stock/search',
  '/stock/cart',
  // The embed-only frame, its back navigation (embed2) and every video's player frame.
  '/showcase/*/embed',
  // The password check, and the sign-in popup (authorize).
  '/showcase/*/auth',
  '/showcase/*/password',
  '/showcase/*/search',
  '/showcase/*/share',
  '/showcase/*/send_message',
  '/live-chat/',
  '/live_chat/',
  '/captcha/',
  '/error/',
  '/bench/',
] as const;

export function robotsTxt(origin: string, locales: readonly Locale[] = LOCALES): string {
  const prefixes = [DEFAULT_LOCALE, ...locales.filter((locale) => locale !== DEFAULT_LOCALE)];
  const rules = prefixes.flatMap((locale) =>
    DISALLOWED_PATHS.map((path) => `Disallow: ${localizePath(locale, path)}`),
  );
  return [
    'User-agent: *',
    ...rules,
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
