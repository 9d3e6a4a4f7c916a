/**
 * /showcase/{albumId}/feed.{rss,atom,json}, also under a locale prefix (its links and texts
 * then in that language): the feed of a showcase a stranger may open; any other answers
 * 404 like a showcase that does not exist, naming nothing.
 */
import type { APIContext } from 'astro';
import { FEED_FORMATS, FEED_MEDIA_TYPES, renderShowcaseFeed } from '../../lib/showcaseFeed.ts';
import { getDb } from '../db/client.ts';
import { parseId } from '../http/apiResponse.ts';
import { errorResponse } from '../http/errorResponse.ts';
import { siteOrigin } from '../http/publicOrigin.ts';
import { openWebResponse } from './openWebResponse.ts';
import { readPublicShowcase } from './publicCatalogue.ts';

export async function showcaseFeedResponse(context: APIContext): Promise<Response> {
  const albumId = parseId(context.params.albumId);
  const format = FEED_FORMATS.find((known) => known === context.params.format);
  if (albumId === null || format === undefined) return errorResponse(context, 404);
  const origin = siteOrigin(context.url);
  const showcase = await readPublicShowcase(await getDb(), albumId, origin);
  if (!showcase) return errorResponse(context, 404);
  const { locale, t } = context.locals;
  const body = renderShowcaseFeed(showcase, format, {
    origin,
    locale,
    fallbackDescription: t('feeds.description', { name: showcase.name }),
    generator: t('common.brand'),
  });
  return openWebResponse(body, `${FEED_MEDIA_TYPES[format]}; charset=utf-8`);
}
