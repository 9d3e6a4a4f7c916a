/**
 * Every request passes here: security headers, the locale (prefix or negotiation), the
 * viewer's theme, geography for legal links, and the CSRF check of state-changing requests.
 */
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { DEFAULT_LOCALE } from './lib/domain.ts';
import {
  LOCALE_COOKIE,
  localizePath,
  preferredLocale,
  splitLocalePath,
} from './lib/localeNegotiation.ts';
import { config } from './server/config.ts';
import { translator } from './server/i18n/translator.ts';
import { jsonError, wantsJson } from './server/http/errorResponse.ts';
import { headerToken, readSubmittedToken, tokensMatch } from './server/http/csrf.ts';
import { servedOverHttps } from './server/http/publicOrigin.ts';
import { classifyErrors } from './server/http/classifyErrors.ts';
import { isOutageScreen } from './server/http/databaseOutage.ts';
import { routeMethodGuard, stampedRefusals } from './server/http/requestGuard.ts';
import { getDb } from './server/db/client.ts';
import { clearSessionCookie, readSession, SESSION_COOKIE } from './server/auth/sessions.ts';
import {
  authenticatedByBearer,
  bearerPresented,
  presentedBearer,
  resolveBearer,
} from './server/auth/bearer.ts';
import { hasPaidCapability } from './lib/downloadAccess.ts';
import {
  CONTENT_RATING_COOKIE,
  readRatingSelection,
  THEME_COOKIE,
} from './lib/footerPreferences.ts';
import { legalRegime } from './lib/legalRegime.ts';
import { viaApiOrigin } from './server/http/apiOrigin.ts';
import { isCrossSiteForm } from './lib/crossSiteForm.ts';
import { pageCacheState } from './server/http/pageCacheState.ts';
import { pagePolicy } from './lib/pagePolicy.ts';
import { wholePageSources } from './server/http/wholePage.ts';
import { loadStudioRoute } from './server/studio/studioRoute.ts';
import { UPLOADS_PATH } from './server/ingest/uploadsPath.ts';
import { cachedAccountContext, type AccountContext } from './server/teams/accountContext.ts';
import { sharedShowcaseBodies, writesPersonalValue } from './server/showcases/sharedBodies.ts';

export const CSRF_COOKIE = 'xsrft';
const YEAR = 60 * 60 * 24 * 365;

// The live chat panel is framed beside the player, by the showcase pages and by embeds alike.
const isEmbedPath = (path: string) =>
  /^\/showcase\/[^/]+(\/video\/[^/]+)?\/(embed2?)$/.test(path) || /^\/live-chat\/[^/]+$/.test(path);
// /oembed answers machines, which must not be sent to a locale's address by their Accept-Language.
const isAsset = (path: string) =>
  path.startsWith('/_astro/') ||
  path.startsWith('/api/') ||
  path === '/oembed' ||
  /\.[a-z0-9]+$/i.test(path);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  const { path } = splitLocalePath(context.url.pathname);
  const headers = response.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Embed frames are meant to be framed by other sites, the ones their showcase allows
  // (src/server/showcases/embedding.ts); nothing else is.
  const framing = isEmbedPath(path)
    ? `frame-ancestors ${context.locals.frameAncestors ?? '*'}`
    : "frame-ancestors 'self'";
  // The public scheme: behind a TLS-terminating proxy too (src/server/http/publicOrigin.ts).
  if (servedOverHttps(context.url))
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // A page's policy names the inline scripts and styles it holds (src/lib/pagePolicy.ts), in
  // the bytes classifyErrors read whole (src/server/http/wholePage.ts).
  const sources = wholePageSources(response);
  headers.set('Content-Security-Policy', sources ? pagePolicy(sources, framing) : framing);
  return response;
});

/** Marks a request whose viewer has been read (or tried): the rewrites it goes through keep it. */
const identified = Symbol('identified');

function asAnonymous(locals: App.Locals): void {
  locals.bearerUserId = null;
  locals.bearerScopes = null;
  locals.viewer = null;
  locals.accountContext = async () => null;
}

/**
 * Who the request is from: a valid bearer token (the site's JWT, a personal access token or
 * an app's token; src/server/auth/bearer.ts) authenticates it on its own, the cookie is then
 * ignored; otherwise the session cookie names the signed-in viewer.
 */
async function identify({ cookies, locals, request }: APIContext): Promise<void> {
  const bearer = presentedBearer(request.headers.get('authorization'));
  const identity = bearer ? await resolveBearer(await getDb(), bearer) : null;
  locals.bearerUserId = identity?.userId ?? null;
  locals.bearerScopes = identity?.scopes ?? null;
  const token = identity === null ? cookies.get(SESSION_COOKIE)?.value : undefined;
  const viewer = token ? await readSession(await getDb(), token) : null;
  locals.viewer = viewer;
  if (token && !viewer) clearSessionCookie(cookies);
  // Read on demand, once, by the pages that show the signed-in chrome.
  let account: Promise<AccountContext> | undefined;
  locals.accountContext = async () =>
    viewer ? (account ??= cachedAccountContext(await getDb(), viewer.user.id, cookies)) : null;
}

/**
 * The viewer, read once per request: an error screen shown in place of a page keeps the viewer
 * that page found, and a read that failed is not tried again for its error screen, where it
 * would fail again until Astro gave up on the rewrites (508 Loop Detected). The outage screen
 * reports a database out of reach, so it reads nothing from it: it is shown as to an anonymous
 * viewer. Signed-in viewers' pages are never shared by caches.
 */
const session = defineMiddleware(async (context, next) => {
  const locals = context.locals as App.Locals & { [identified]?: true };
  if (isOutageScreen(context.url.pathname)) asAnonymous(locals);
  else if (!locals[identified]) {
    locals[identified] = true;
    asAnonymous(locals);
    await identify(context);
  }
  const response = await next();
  if (locals.viewer && response.headers.get('content-type')?.startsWith('text/html')) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  return response;
});

const locale = defineMiddleware(async (context, next) => {
  const { url, request, cookies, locals } = context;
  const { locale: fromPath, path } = splitLocalePath(url.pathname);
  const prefixed = fromPath !== DEFAULT_LOCALE;

  if (!prefixed && (request.method === 'GET' || request.method === 'HEAD') && !isAsset(path)) {
    const preferred = preferredLocale(
      cookies.get(LOCALE_COOKIE)?.value ?? locals.viewer?.user.locale,
      request.headers.get('accept-language'),
    );
    if (preferred !== DEFAULT_LOCALE) {
      return new Response(null, {
        status: 302,
        headers: {
          Location: localizePath(preferred, path) + url.search,
          Vary: 'Cookie, Accept-Language',
        },
      });
    }
  }

  // An API answer has no address in a language: its messages follow Accept-Language, which
  // its answers vary by (apiResponse.ts).
  const language =
    !prefixed && path.startsWith('/api/')
      ? preferredLocale(undefined, request.headers.get('accept-language'))
      : fromPath;
  locals.locale = language;
  locals.path = path;
  locals.t = translator(language);
  const theme = cookies.get(THEME_COOKIE)?.value;
  locals.theme = theme === 'light' || theme === 'dark' ? theme : 'auto';
  const { GEO_COUNTRY_HEADER, GEO_REGION_HEADER, DEFAULT_COUNTRY, DEFAULT_REGION } = config();
  locals.geo = {
    country:
      (GEO_COUNTRY_HEADER && request.headers.get(GEO_COUNTRY_HEADER)?.toUpperCase()) ||
      DEFAULT_COUNTRY,
    region:
      (GEO_REGION_HEADER && request.headers.get(GEO_REGION_HEADER)?.toUpperCase()) ||
      DEFAULT_REGION,
  };
  locals.legal = legalRegime({
    ...locals.geo,
    simplifiedSite: config().SIMPLIFIED_SITE,
    // SPEC §6: the contract-termination link is for accounts with a paid plan to end.
    paidPlan: locals.viewer !== null && hasPaidCapability(locals.viewer.user.membershipType),
  });
  // SPEC §7: the filter lives on the account when signed in, in a cookie otherwise.
  locals.ratingSelection =
    locals.viewer?.ratingSelection ??
    readRatingSelection(cookies.get(CONTENT_RATING_COOKIE)?.value);

  const response = prefixed ? await next(path + url.search) : await next();
  // Unprefixed pages follow Accept-Language, and the legal links, the age gate and the mature
  // filter follow the viewer's region. A page shaped by a cookie is never shared
  // (pageCacheControl), so a shared one does not vary by Cookie: one copy serves every
  // anonymous viewer, whatever unrelated cookies they carry.
  if (!isAsset(path)) {
    const geoHeaders = [GEO_COUNTRY_HEADER, GEO_REGION_HEADER].filter((h): h is string =>
      Boolean(h),
    );
    const shared = response.headers.get('Cache-Control')?.startsWith('public') ?? false;
    const vary = [
      ...(shared ? [] : ['Cookie']),
      ...(prefixed ? [] : ['Accept-Language']),
      ...geoHeaders,
    ];
    if (vary.length > 0) response.headers.append('Vary', vary.join(', '));
  }
  return response;
});

/**
 * Preference forms of every public page: they only set the requester's own cookies, so a
 * forged post changes nothing of value, and the origin check below already refuses cross-site
 * form posts. Exempting them keeps public pages free of per-viewer tokens, hence cacheable
 * (src/server/http/pageCache.ts). POST /settings is one of them for an anonymous viewer, whose
 * filter is a cookie; a signed-in viewer's writes the account's filter (SPEC §7 sends a token).
 */
const PREFERENCE_PATHS = new Set(['/settings/set_locale', '/settings/theme', '/age_gate']);
const isPreference = (path: string, signedIn: boolean) =>
  PREFERENCE_PATHS.has(path) || (path === '/settings' && !signedIn);

/**
 * The OAuth token endpoint authenticates its caller by the app's id and secret and reads no
 * cookie, so a forged post gains nothing; scripts post to it as a form with no Origin.
 */
const CLIENT_AUTHENTICATED_PATHS = new Set(['/api/oauth/authorize/client']);

/**
 * Resumable uploads (tus): their body is the file, never a form, so their token is asked of
 * the X-XSRF-Token header alone (the uploader island sends it), a header no other site can make
 * a browser add, and not one byte of the body is read before the route has checked who sends
 * it. An Origin check alone would not do: a request without Origin counts as cross-site, and
 * tus clients other than browsers send none. Without a session such a request borrows no one's
 * authority, so it needs no token: the route refuses it (401), or it continues an upload the
 * API opened, whose address is its credential (src/server/ingest/tusUploads.ts).
 */
const isUploadPath = (path: string) => path === UPLOADS_PATH || path.startsWith(`${UPLOADS_PATH}/`);

/** The static publication's origin, whose forms post here (docs/publishing.md); null without one. */
function publishedOrigin(): string | null {
  const { APP_URL, PUBLIC_URL } = config();
  return APP_URL && PUBLIC_URL ? new URL(PUBLIC_URL).origin : null;
}

const csrf = defineMiddleware(async (context, next) => {
  const { cookies, request, locals, url } = context;
  // A signed-in viewer's token belongs to their session; anonymous viewers get a cookie.
  let token = locals.viewer?.xsrfToken ?? cookies.get(CSRF_COOKIE)?.value;
  // Created on first use, so pages that render no token send no Set-Cookie and stay cacheable;
  // a page that renders one is the viewer's own and is never kept by the page cache.
  Object.defineProperty(locals, 'csrfToken', {
    configurable: true,
    enumerable: true,
    get() {
      const cacheState = pageCacheState();
      if (cacheState) cacheState.personal = true;
      if (!token) {
        token = randomBytes(24).toString('base64url');
        cookies.set(CSRF_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: servedOverHttps(url),
          maxAge: YEAR,
        });
      }
      writesPersonalValue(locals, 'csrf', token);
      return token;
    },
  });
  // A browser never sends a bearer token on its own, so a call it authenticates cannot be
  // forged. A token that does not verify authenticates nothing: refused, never waved through
  // on the strength of the cookie that rides along, and on the API never read as anonymous.
  // (Other schemes, such as a proxy's Basic authentication, are not ours to judge.)
  const withBearer = bearerPresented(request.headers.get('authorization'));
  const byBearer = authenticatedByBearer(locals);
  if (withBearer && !byBearer && (UNSAFE.has(request.method) || locals.path.startsWith('/api/'))) {
    const developer_message =
      'The access token is not valid: it was never issued, has expired or was revoked.';
    return wantsJson(request, locals.path)
      ? jsonError(
          locals,
          401,
          { developer_message },
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        )
      : next('/error/401');
  }
  // The API origin reads no cookie (apiOrigin.ts): a forged request there has nothing to borrow.
  if (viaApiOrigin(request)) return next();
  // Astro's origin check is off (astro.config.mjs) because it cannot spare these: a request
  // with a bearer token, which no browser adds to a forged form, and the token endpoint.
  const origin = {
    method: request.method,
    origin: request.headers.get('origin'),
    contentType: request.headers.get('content-type'),
  };
  if (
    !withBearer &&
    !CLIENT_AUTHENTICATED_PATHS.has(locals.path) &&
    isCrossSiteForm(origin, url.origin, publishedOrigin())
  ) {
    return wantsJson(request, locals.path) ? jsonError(locals, 403) : next('/error/403');
  }
  const upload = isUploadPath(locals.path);
  if (
    UNSAFE.has(request.method) &&
    !isPreference(locals.path, locals.viewer !== null) &&
    !CLIENT_AUTHENTICATED_PATHS.has(locals.path) &&
    !byBearer &&
    !(upload && locals.viewer === null)
  ) {
    const submitted = upload
      ? headerToken(request)
      : await readSubmittedToken(request, config().BODY_LIMIT);
    if (!tokensMatch(submitted, locals.viewer?.xsrfToken ?? cookies.get(CSRF_COOKIE)?.value)) {
      return wantsJson(request, locals.path) ? jsonError(locals, 403) : next('/error/403');
    }
  }
  return next();
});

/** A studio page's gate and route data (src/server/studio/studioRoute.ts), computed once. */
const studio = defineMiddleware(
  async (context, next) => (await loadStudioRoute(context)) ?? next(),
);

export const onRequest = sequence(
  securityHeaders,
  classifyErrors,
  stampedRefusals,
  session,
  locale,
  routeMethodGuard,
  csrf,
  sharedShowcaseBodies,
  studio,
);
