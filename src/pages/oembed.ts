import type { APIRoute } from 'astro';
import { LOCALE_COOKIE, preferredLocale } from '../lib/localeNegotiation.ts';
import { oembedTarget, oembedXml, parseOembedQuery, type OembedRefusal } from '../lib/oembed.ts';
import { getDb } from '../server/db/client.ts';
import { NO_STORE_HEADERS, SHARED_HEADERS } from '../server/http/cacheControl.ts';
import { siteOrigin } from '../server/http/publicOrigin.ts';
import { translator } from '../server/i18n/translator.ts';
import { oembedAnswer } from '../server/openweb/oembed.ts';

/** Public data for any site's oEmbed consumer: readable from every origin. */
const CORS = { 'Access-Control-Allow-Origin': '*' };

const REFUSALS = {
  missingUrl: { status: 400, title: 'errors.badRequestTitle', message: 'openWeb.missingUrl' },
  invalidSize: { status: 400, title: 'errors.badRequestTitle', message: 'openWeb.invalidSize' },
  unsupportedFormat: {
    status: 501,
    title: 'openWeb.formatTitle',
    message: 'openWeb.unsupportedFormat',
  },
  notFound: { status: 404, title: 'errors.notFoundTitle', message: 'openWeb.notFound' },
} as const satisfies Record<
  OembedRefusal | 'notFound',
  { status: number; title: string; message: string }
>;

/**
 * GET /oembed?url=…[&maxwidth=&maxheight=&format=json|xml] (https://oembed.com): the player
 * of a public video or showcase page of this site. The url must be on this site's origin
 * (siteOrigin: PUBLIC_URL or a trusted host), so no other host's address is ever echoed.
 * Refusals are JSON in the consumer's language, whatever format was asked for.
 */
export const GET: APIRoute = async ({ url, request, cookies }) => {
  const t = translator(
    preferredLocale(cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language')),
  );
  const refuse = (reason: keyof typeof REFUSALS) => {
    const { status, title, message } = REFUSALS[reason];
    return Response.json(
      { error: t(title), message: t(message), status },
      { status, headers: { ...CORS, ...NO_STORE_HEADERS } },
    );
  };
  const parsed = parseOembedQuery(url.searchParams);
  if (!parsed.ok) return refuse(parsed.refusal);
  const { url: page, format, bounds } = parsed.query;
  const origin = siteOrigin(page);
  const target = page.origin === origin ? oembedTarget(page) : null;
  const answer = target ? await oembedAnswer(await getDb(), target, { origin, bounds, t }) : null;
  if (!answer) return refuse('notFound');
  const headers = { ...CORS, ...SHARED_HEADERS };
  if (format === 'xml')
    return new Response(oembedXml(answer), {
      headers: { ...headers, 'Content-Type': 'text/xml; charset=utf-8' },
    });
  return Response.json(answer, { headers });
};
