/**
 * Answers of the stock calls: JSON for islands and API clients, with SPEC §8's localized
 * `error.message`; a redirect back for plain forms, carrying which error to show.
 */
import { localizePath } from '../../lib/localeNegotiation.ts';
import { withQuery } from '../../lib/carriedQuery.ts';

export type StockErrorKey =
  'cartFailed' | 'accountFailed' | 'purchaseFailed' | 'downloadDenied' | 'signInFirst';

export function stockError(
  locals: App.Locals,
  status: 400 | 401 | 403 | 404 | 409,
  key: StockErrorKey,
  values: Record<string, string> = {},
): Response {
  const retry = key === 'cartFailed' ? { retry: locals.t('stock.tryAgain') } : {};
  return Response.json(
    { error: { message: locals.t(`stock.${key}`, values), ...retry } },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}

export function stockJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });
}

/** 303: the browser comes back with a GET, so a reload never posts twice. */
export function backTo(
  locals: App.Locals,
  path: string,
  query: Record<string, string | null> = {},
): Response {
  return new Response(null, {
    status: 303,
    headers: {
      Location: withQuery(localizePath(locals.locale, path), query),
      'Cache-Control': 'no-store',
    },
  });
}
