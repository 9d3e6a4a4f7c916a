/**
 * GET /watch/feed.atom?u={userId}&key={key}: a viewer's /watch page as an Atom feed, for feed
 * readers that do not sign in. A wrong key answers 404 like an address that does not exist.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { FEED_ITEM_LIMIT } from '../../lib/showcaseFeed.ts';
import { renderWatchFeed } from '../../lib/watchFeed.ts';
import { newestAcross } from '../../lib/watchList.ts';
import { getDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { parseId } from '../http/apiResponse.ts';
import { errorResponse } from '../http/errorResponse.ts';
import { siteOrigin } from '../http/publicOrigin.ts';
import { openWebResponse } from '../openweb/openWebResponse.ts';
import { readPublicShowcase } from '../openweb/publicCatalogue.ts';
import { isWatchFeedKey, watchFeedPath } from './watchFeedKey.ts';
import { watchedShowcases } from './showcaseFollows.ts';

export async function watchFeedResponse(context: APIContext): Promise<Response> {
  const userId = parseId(context.url.searchParams.get('u') ?? undefined);
  if (userId === null || !isWatchFeedKey(userId, context.url.searchParams.get('key')))
    return errorResponse(context, 404);
  const db = await getDb();
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return errorResponse(context, 404);
  const origin = siteOrigin(context.url);
  const showcases = (
    await Promise.all(
      (await watchedShowcases(db, userId)).map(({ showcaseId }) =>
        readPublicShowcase(db, showcaseId, origin),
      ),
    )
  ).filter((showcase) => showcase !== null);
  const owners = new Map(showcases.map((showcase) => [showcase.id, showcase.ownerName]));
  const entries = newestAcross(
    showcases.map((showcase) => ({ showcaseId: showcase.id, videos: showcase.videos })),
    {
      timeOf: (video) => video.createdAt.getTime(),
      idOf: (video) => video.id,
      limit: FEED_ITEM_LIMIT,
    },
  );
  const { locale, t } = context.locals;
  const body = renderWatchFeed(
    entries.map(({ showcaseId, video }) => ({
      showcaseId,
      ownerName: owners.get(showcaseId) ?? '',
      video,
    })),
    {
      origin,
      locale,
      selfUrl: new URL(localizePath(locale, watchFeedPath(userId)), origin).href,
      title: t('watch.feedTitle', { name: user.name }),
      description: t('watch.feedDescription'),
      generator: t('common.brand'),
      updated: new Date(),
    },
  );
  return openWebResponse(body, 'application/atom+xml; charset=utf-8');
}
