import type { APIRoute } from 'astro';
import { showcaseFeedResponse } from '../../../server/openweb/showcaseFeedResponse.ts';

/** GET /showcase/{albumId}/feed.rss, feed.atom and feed.json: a public showcase's feeds (src/server/openweb/showcaseFeedResponse.ts). */
export const GET: APIRoute = (context) => showcaseFeedResponse(context);
