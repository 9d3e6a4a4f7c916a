/**
 * While the server starts, every request gets a small page in the viewer's language: 503,
 * Retry-After and a reload every few seconds, so a browser opened on a first start lands on
 * the demo by itself once it is seeded. The reload is a script, not a meta refresh, which
 * would move the page on under a screen-reader user; without JavaScript a link reloads it. The strings come from i18n/<locale>/startup.json, read from disk:
 * this runs before the Astro bundle (and its i18n) is loaded.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { apiErrorBody } from '../../lib/apiError.ts';
import { LOCALES, type Locale } from '../../lib/domain.ts';
import { LOCALE_COOKIE, preferredLocale, splitLocalePath } from '../../lib/localeNegotiation.ts';
import type { StartupState } from '../startupState.ts';
import type { Step } from './requestPipeline.ts';

const RETRY_SECONDS = 5;

type StartupStrings = Record<'startingTitle' | 'startingBody' | 'preparingTitle' | 'preparingBody' | 'preparingProgress' | 'reload', string>;

const I18N_DIR = new URL('../../../i18n/', import.meta.url);
const strings = new Map<Locale, StartupStrings>(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`${locale}/startup.json`, I18N_DIR), 'utf8')) as StartupStrings]),
);

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** As the site decides: the path's locale prefix, else the locale cookie, else Accept-Language. */
function localeOf(req: IncomingMessage): Locale {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const prefixed = splitLocalePath(path);
  if (prefixed.path !== path) return prefixed.locale;
  return preferredLocale(cookie(req, LOCALE_COOKIE), req.headers['accept-language']);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for the current phase: starting (migrations), or seeding with its progress. */
export function preparingHtml(locale: Locale, state: StartupState): string {
  const t = strings.get(locale)!;
  const { phase } = state;
  const seeding = phase.name === 'seeding';
  const title = seeding ? t.preparingTitle : t.startingTitle;
  const body = seeding ? t.preparingBody : t.startingBody;
  const number = new Intl.NumberFormat(locale);
  const progress = seeding
    ? `<p><label for="progress">${escapeHtml(
        t.preparingProgress.replace('{{rendered}}', number.format(phase.rendered)).replace('{{total}}', number.format(phase.total)),
      )}</label><progress id="progress" max="${phase.total}" value="${phase.rendered}"></progress></p>`
    : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem}label{display:block}progress{width:100%}a{color:inherit}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${progress}
<p><a href="">${escapeHtml(t.reload)}</a></p>
</main>
<script>setTimeout(() => location.reload(), ${RETRY_SECONDS * 1000});</script>
</body>
</html>
`;
}

/** An API call (the API origin's are rewritten to /api/ before this step) is answered in the API's error shape. */
const isApiCall = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/');

/** Answers every request with the page (API calls with a JSON error) until `state` is ready. */
export function preparingPage(state: StartupState): Step {
  return (req, res, next) => {
    if (state.isReady()) return next();
    const locale = localeOf(req);
    if (isApiCall(req)) {
      const t = strings.get(locale)!;
      const body = apiErrorBody({ status: 503, error: state.phase.name === 'seeding' ? t.preparingTitle : t.startingTitle, developerMessage: 'The server is starting: retry after the number of seconds in Retry-After.' });
      res
        .writeHead(503, { 'Content-Type': 'application/json', 'Content-Language': locale, 'Retry-After': String(RETRY_SECONDS), 'Cache-Control': 'no-store', Vary: 'Accept-Language' })
        .end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
      return;
    }
    res
      .writeHead(503, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Language': locale,
        'Retry-After': String(RETRY_SECONDS),
        'Cache-Control': 'no-store',
        Vary: 'Accept-Language, Cookie',
      })
      .end(req.method === 'HEAD' ? undefined : preparingHtml(locale, state));
  };
}
