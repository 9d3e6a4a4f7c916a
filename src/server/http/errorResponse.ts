/**
 * Error answers of SPEC §8 for code below the pages: JSON for API callers and islands, the
 * localized error screen (src/pages/error/[status].astro) for browsers.
 */
import type { APIContext } from 'astro';
import type { Locale } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';

export type ErrorStatus = 401 | 403 | 404 | 429 | 500;

const TITLE_KEYS: Record<ErrorStatus, [title: string, body: string]> = {
  401: ['errors.unauthorizedTitle', 'errors.unauthorizedBody'],
  403: ['errors.forbiddenTitle', 'errors.forbiddenBody'],
  404: ['errors.notFoundTitle', 'errors.notFoundBody'],
  429: ['errors.tooManyTitle', 'errors.tooManyBody'],
  500: ['errors.technicalTitle', 'errors.technicalBody'],
};

export function errorKeys(status: ErrorStatus): [string, string] {
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

export function jsonError(locals: App.Locals, status: ErrorStatus, extra: Record<string, unknown> = {}, headers: HeadersInit = {}): Response {
  const [title, body] = errorKeys(status);
  return Response.json(
    { error: locals.t(title), message: locals.t(body), status, ...extra },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  );
}

/** Answers with the error of `status`, as JSON or as the error screen. */
export async function errorResponse(context: Pick<APIContext, 'locals' | 'request' | 'url' | 'rewrite'>, status: ErrorStatus): Promise<Response> {
  const { locals, request } = context;
  if (wantsJson(request, locals.path ?? context.url.pathname)) return jsonError(locals, status);
  return context.rewrite(errorPath(locals.locale, status));
}
