/**
 * The answer of a sitemap, robots.txt or feed. They are the same for every reader (built for
 * a stranger, whatever cookie or session comes along), so browsers and CDNs may share them; a
 * showcase made private leaves them within five minutes, and crawlers and feed readers come
 * back far less often than that.
 */
const OPEN_WEB_CACHE = 'public, max-age=300';

export const XML_TYPE = 'application/xml; charset=utf-8';

export function openWebResponse(body: string, contentType: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Cache-Control': OPEN_WEB_CACHE },
  });
}
