/**
 * Error answers of SPEC §8 for code below the pages: JSON for API callers and islands, the
 * localized error screen (src/pages/error/[status].astro) for browsers.
 */
import type { APIContext } from 'astro';
import { apiErrorBody } from '../../lib/apiError.ts';
import { DEFAULT_LOCALE, type Locale } from '../../lib/domain.ts';
import {
  LOCALE_COOKIE,
  localizePath,
  preferredLocale,
  splitLocalePath,
} from '../../lib/localeNegotiation.ts';
import { translator } from '../i18n/translator.ts';
import { REFUSAL_HEADER } from './refusalStamp.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 413 | 415 | 429 | 500 | 503 | 507;

const ERROR_STATUSES: readonly ErrorStatus[] = [
  400, 401, 403, 404, 405, 406, 413, 415, 429, 500, 503, 507,
];

export function isErrorStatus(value: number): value is ErrorStatus {
  return (ERROR_STATUSES as readonly number[]).includes(value);
}

const TITLE_KEYS: Record<ErrorStatus, [title: TranslationKey, body: TranslationKey]> = {
  400: ['errors.badRequestTitle', 'errors.badRequestBody'],
  401: ['errors.unauthorizedTitle', 'errors.unauthorizedBody'],
  403: ['errors.forbiddenTitle', 'errors.forbiddenBody'],
  404: ['errors.notFoundTitle', 'errors.notFoundBody'],
  405: ['errors.methodNotAllowedTitle', 'errors.methodNotAllowedBody'],
  406: ['errors.notAcceptableTitle', 'errors.notAcceptableBody'],
  413: ['errors.tooLargeTitle', 'errors.tooLargeBody'],
  415: ['errors.unsupportedTypeTitle', 'errors.unsupportedTypeBody'],
  429: ['errors.tooManyTitle', 'errors.tooManyBody'],
  500: ['errors.technicalTitle', 'errors.technicalBody'],
  503: ['errors.unavailableTitle', 'errors.unavailableBody'],
  507: ['errors.storageFullTitle', 'errors.storageFullBody'],
};

export function errorKeys(status: ErrorStatus): [TranslationKey, TranslationKey] {
  return TITLE_KEYS[status];
}

/**
 * Where a page rewrites to show an error. Rewrites pass through the middleware again, so
 * the path keeps the locale prefix or the error would render in English.
 */
export function errorPath(locale: Locale, status: ErrorStatus): string {
  return localizePath(locale, `/error/${status}`);
}

/** An API path, a script (X-Requested-With), a JSON body or an Accept that prefers JSON: answer JSON. */
export function wantsJson(request: Request, path: string): boolean {
  const accept = request.headers.get('accept') ?? '';
  return (
    path.startsWith('/api/') ||
    request.headers.get('x-requested-with') === 'XMLHttpRequest' ||
    (request.headers.get('content-type') ?? '').includes('application/json') ||
    (accept.includes('json') && !accept.includes('text/html'))
  );
}

/**
 * An error as JSON, in the API's shape (src/lib/apiError.ts) with the screen's text beside it
 * (`message`, `status`) for the site's islands. `extra` may bring the `error_code` and
 * `developer_message` of the refusal and the `error` text, else the status gives them.
 */
export function jsonError(
  locals: Pick<App.Locals, 't'>,
  status: ErrorStatus,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  const [title, body] = errorKeys(status);
  const { error, error_code: errorCode, developer_message: developerMessage, ...rest } = extra;
  const vimeo = apiErrorBody({
    status,
    error: typeof error === 'string' ? error : locals.t(title),
    errorCode: typeof errorCode === 'number' ? errorCode : undefined,
    developerMessage: typeof developerMessage === 'string' ? developerMessage : undefined,
  });
  return Response.json(
    { ...vimeo, message: locals.t(body), status, ...rest },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  );
}

/** Answers with the error of `status`, as JSON or as the error screen. */
export async function errorResponse(
  context: Pick<APIContext, 'locals' | 'request' | 'url' | 'rewrite'>,
  status: ErrorStatus,
): Promise<Response> {
  const { locals, request } = context;
  if (wantsJson(request, locals.path ?? context.url.pathname)) return jsonError(locals, status);
  return context.rewrite(errorPath(locals.locale, status));
}

/**
 * The error screen of `status` as a page's answer, also to a form post: the screen is fetched
 * as a GET of its localized path, so the refused post's body is not carried along.
 */
export async function pageError(
  context: Pick<APIContext, 'locals' | 'request' | 'url' | 'rewrite'>,
  status: ErrorStatus,
): Promise<Response> {
  const path = errorPath(context.locals.locale, status);
  if (context.request.method === 'GET' || context.request.method === 'HEAD')
    return context.rewrite(path);
  const carried = new Headers(context.request.headers);
  for (const name of ['content-type', 'content-length', 'transfer-encoding']) carried.delete(name);
  return context.rewrite(new Request(new URL(path, context.url), { headers: carried }));
}

/**
 * The viewer's language wherever the request is: the path's prefix, else their stored choice
 * (cookie, account) or Accept-Language, as the locale step negotiates it. Also right before
 * that step has run.
 */
function requestLocale(
  context: Pick<APIContext, 'locals' | 'request' | 'originPathname' | 'cookies'>,
): Locale {
  // The address as requested: the locale step has routed a prefixed one to its page by now.
  const { locale } = splitLocalePath(context.originPathname);
  if (locale !== DEFAULT_LOCALE) return locale;
  const stored =
    context.cookies.get(LOCALE_COOKIE)?.value ??
    (context.locals.viewer as App.Locals['viewer'] | undefined)?.user.locale;
  return preferredLocale(stored, context.request.headers.get('accept-language'));
}

/**
 * The error of `status` from the middleware, in the viewer's language, with `headers` (Allow,
 * Retry-After): JSON, or the error screen fetched as a plain GET of its localized path, so
 * that neither the refused method nor a body is carried along.
 */
export async function middlewareError(
  context: APIContext,
  status: ErrorStatus,
  headers: Record<string, string> = {},
): Promise<Response> {
  const locale = requestLocale(context);
  const { path } = splitLocalePath(context.originPathname);
  let response: Response;
  if (wantsJson(context.request, path)) {
    response = jsonError({ t: translator(locale) }, status, {}, { 'Content-Language': locale });
  } else {
    const carried = new Headers(context.request.headers);
    for (const name of [REFUSAL_HEADER, 'content-type', 'content-length', 'transfer-encoding'])
      carried.delete(name);
    response = await context.rewrite(
      new Request(new URL(errorPath(locale, status), context.url), { headers: carried }),
    );
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
