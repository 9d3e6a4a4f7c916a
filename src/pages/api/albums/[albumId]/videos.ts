import type { APIRoute } from 'astro';
import { parseSort } from '../../../../lib/sortMap.ts';
import { getDb } from '../../../../server/db/client.ts';
import { findApiAlbum } from '../../../../server/access/apiAlbumAccess.ts';
import { apiJson, negotiateVersion } from '../../../../server/http/apiResponse.ts';
import { pagingLinks, parsePaging } from '../../../../server/http/paging.ts';
import { normalizeSearchQuery, searchShowcaseVideos } from '../../../../server/search/searchShowcaseVideos.ts';
import { cachedListShowcaseVideos } from '../../../../server/showcases/cachedReads.ts';
import type { Sort } from '../../../../lib/domain.ts';
import { pageCount } from '../../../../lib/pagination.ts';
import { PAGE_NOT_FOUND_ERROR } from '../../../../lib/pageLoadError.ts';

/**
 * GET /api/albums/{albumId}/videos: query, page, per_page, sort, filter, fields (SPEC §7).
 * A non-blank `query` searches the showcase (src/server/search/); blank text is the plain list.
 * Videos this viewer may not watch keep their place, locked (content_lock), with no media link.
 */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { open, cache } = album;
  const { found } = open;

  const query = context.url.searchParams;
  const { page, perPage } = parsePaging(query);
  const sort = parseSort(query.get('sort') ?? undefined, found.showcase.sort as Sort);
  const filter = query.get('filter') === 'playable' ? 'playable' : undefined;
  const text = normalizeSearchQuery(query.get('query'));
  // Search results are not cached: the read cache holds only what every viewer shares.
  const { total, items } = text
    ? await searchShowcaseVideos(db, { showcaseId: found.showcase.id, query: text, sort, page, perPage, filter })
    : await cachedListShowcaseVideos(db, { showcaseId: found.showcase.id, sort, page, perPage, filter });
  if (page > pageCount(total, perPage)) {
    return Response.json({ error: context.locals.t('errors.videosTitle'), message: context.locals.t('errors.videosBody'), error_code: PAGE_NOT_FOUND_ERROR }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  const body = {
    total,
    page,
    per_page: perPage,
    paging: pagingLinks(context.url, page, perPage, total),
    data: items.map(open.present),
  };
  return apiJson(context, body, { resource: 'video', cache }, negotiated.version);
};
