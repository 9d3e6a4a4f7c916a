import type { APIRoute } from 'astro';
import { parseId } from '../../server/http/apiResponse.ts';
import { errorResponse } from '../../server/http/errorResponse.ts';
import { openWebResponse, XML_TYPE } from '../../server/openweb/openWebResponse.ts';
import { sitemapPageXml } from '../../server/openweb/sitemap.ts';

/** GET /sitemaps/{n}.xml: one file of a sitemap too large for one (src/server/openweb/sitemap.ts). */
export const GET: APIRoute = async (context) => {
  const page = parseId(context.params.page);
  const xml = page === null ? null : await sitemapPageXml(context.url, page);
  return xml === null ? errorResponse(context, 404) : openWebResponse(xml, XML_TYPE);
};
