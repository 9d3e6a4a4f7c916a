import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/robotsTxt.ts';
import { siteOrigin } from '../server/http/publicOrigin.ts';
import { openWebResponse } from '../server/openweb/openWebResponse.ts';

/** GET /robots.txt: the sitemap, and the routes crawlers leave alone (src/lib/robotsTxt.ts). */
export const GET: APIRoute = ({ url }) =>
  openWebResponse(robotsTxt(siteOrigin(url)), 'text/plain; charset=utf-8');
