/**
 * The small answers the server gives before Astro renders anything: while it starts, and when
 * more pages wait to be rendered than it can answer soon. 503 with Retry-After, and a page in
 * the viewer's language that reloads itself after that many seconds (a script, not a meta
 * refresh, which would move the page on under a screen-reader user; without JavaScript a link
 * reloads it), or the API's error shape for an API call. The strings come from
 * i18n/<locale>/startup.json, read from disk: these answers do not wait for the Astro bundle
 * (and its i18n) to be loaded.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorBody } from '../../lib/apiError.ts';
import { LOCALES, type Locale } from '../../lib/domain.ts';
import { LOCALE_COOKIE, preferredLocale, splitLocalePath } from '../../lib/localeNegotiation.ts';
import { parseCookies } from '../../lib/pageCache.ts';

export type WaitStrings = Record<
  | 'startingTitle'
  | 'startingBody'
  | 'preparingTitle'
  | 'preparingBody'
  | 'preparingProgress'
  | 'reload'
  | 'busyTitle'
  | 'busyBody',
  string
>;

const I18N_DIR = new URL('../../../i18n/', import.meta.url);
const strings = new Map<Locale, WaitStrings>(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`${locale}/startup.json`, I18N_DIR), 'utf8')) as WaitStrings,
  ]),
);

export const waitStrings = (locale: Locale): WaitStrings => strings.get(locale)!;

/** As the site decides: the path's locale prefix, else the locale cookie, else Accept-Language. */
function localeOf(req: IncomingMessage): Locale {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const prefixed = splitLocalePath(path);
  if (prefixed.path !== path) return prefixed.locale;
  return preferredLocale(
    parseCookies(req.headers.cookie).get(LOCALE_COOKIE),
    req.headers['accept-language'],
  );
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface WaitPage {
  title: string;
  body: string;
  /** Markup after the body: a progress bar. */
  more?: string;
  /** The seconds before the page reloads itself, as Retry-After says. */
  retrySeconds: number;
}

const WAIT_PAGE_STYLE =
  ':root{color-scheme:light dark}' +
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem}' +
  'label{display:block}progress{width:100%}a{color:inherit}';

function waitHtml(locale: Locale, { title, body, more = '', retrySeconds }: WaitPage): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${WAIT_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${more}
<p><a href="">${escapeHtml(waitStrings(locale).reload)}</a></p>
</main>
<script>setTimeout(() => location.reload(), ${retrySeconds * 1000});</script>
</body>
</html>
`;
}

/** An API call (the API origin's are rewritten to /api/ before these answers) gets the API's error shape. */
const isApiCall = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/');

/** Answers 503 with Retry-After: `page` for a browser, the API's error for an API call. */
export function answerWait(
  req: IncomingMessage,
  res: ServerResponse,
  page: (locale: Locale) => WaitPage,
  developerMessage: string,
): void {
  const locale = localeOf(req);
  const wait = page(locale);
  const head = {
    'Content-Language': locale,
    'Retry-After': String(wait.retrySeconds),
    'Cache-Control': 'no-store',
  };
  if (isApiCall(req)) {
    const body = apiErrorBody({ status: 503, error: wait.title, developerMessage });
    res
      .writeHead(503, { ...head, 'Content-Type': 'application/json', Vary: 'Accept-Language' })
      .end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    return;
  }
  res
    .writeHead(503, {
      ...head,
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Language, Cookie',
    })
    .end(req.method === 'HEAD' ? undefined : waitHtml(locale, wait));
}
