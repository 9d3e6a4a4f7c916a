import type { APIRoute } from 'astro';
import { watchFeedResponse } from '../../server/watch/watchFeedResponse.ts';

/** GET /watch/feed.atom: a viewer's /watch page as an Atom feed (src/server/watch/watchFeedResponse.ts). */
export const GET: APIRoute = (context) => watchFeedResponse(context);
