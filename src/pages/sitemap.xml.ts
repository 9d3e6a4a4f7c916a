import type { APIRoute } from 'astro';
import { openWebResponse, XML_TYPE } from '../server/openweb/openWebResponse.ts';
import { sitemapXml } from '../server/openweb/sitemap.ts';

/** GET /sitemap.xml: the public showcases and videos, or the index of their files (src/server/openweb/sitemap.ts). */
export const GET: APIRoute = async ({ url }) => openWebResponse(await sitemapXml(url), XML_TYPE);
