/**
 * The answers about one showcase (Vimeo's album) at /albums/{id}… and at
 * /users/{userId}/albums/{id}…: the album, a page of its videos and one of its videos, each
 * through the one access path (findApiAlbum) and in Vimeo's shapes.
 */
import type { APIContext } from 'astro';
import type { Sort } from '../../lib/domain.ts';
import { EVENT_GONE_ERROR } from '../../lib/liveStatusPoll.ts';
import { PAGE_NOT_FOUND_ERROR } from '../../lib/pageLoadError.ts';
import { pageCount } from '../../lib/pagination.ts';
import { SORT_MAP } from '../../lib/sortMap.ts';
import { parseListSort, SHOWCASE_VIDEO_SORTS } from '../../lib/vimeoSort.ts';
import { vimeoVideoState } from '../../lib/vimeoVideoStatus.ts';
import { findApiAlbum } from '../access/apiAlbumAccess.ts';
import { getDb } from '../db/client.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson, beginApiCall, invalidParameter, parseId } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { listEnvelope, parsePaging } from '../http/paging.ts';
import { normalizeSearchQuery, searchShowcaseVideos } from '../search/searchShowcaseVideos.ts';
import { cachedListShowcaseVideos } from '../showcases/cachedReads.ts';
import { albumJson } from '../showcases/represent.ts';
import { findShowcaseVideo } from '../showcases/showcaseQueries.ts';
import { showcasePictures } from './apiQueries.ts';
import { apiAlbum, apiVideo, signedPictures } from './apiShapes.ts';
import { presentShowcaseVideo } from './apiVideos.ts';
import { withCountedPlays, withLiveViewers } from './apiStats.ts';

/** GET …/albums/{albumId}. */
export async function albumAnswer(context: APIContext): Promise<Response> {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { found } = album.open;
  const pictures = (await showcasePictures(db, [found.showcase.id])).get(found.showcase.id) ?? [];
  const shared = album.cache === 'public';
  const body = apiAlbum(albumJson(found), {
    origins: apiOrigins(context.url, context.request),
    pictures: signedPictures(pictures, shared),
  });
  return apiJson(context, body, { resource: 'album', cache: album.cache }, call.version);
}

/**
 * GET …/albums/{albumId}/videos: query, page, per_page, sort, direction, filter, fields (SPEC §7).
 * A non-blank `query` searches the showcase (src/server/search/); blank text is the plain list.
 * Videos this viewer may not watch keep their place, locked (content_lock), with no media link.
 */
export async function albumVideosAnswer(context: APIContext): Promise<Response> {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { open, cache } = album;
  const { found } = open;
  const query = context.url.searchParams;
  const sort = parseListSort(query, SHOWCASE_VIDEO_SORTS);
  if ('error' in sort) return invalidParameter(context, sort.error);
  const order = sort.order ?? SORT_MAP[found.showcase.sort as Sort];
  const paging = parsePaging(query);
  const { page, perPage } = paging;
  const filter = query.get('filter') === 'playable' ? 'playable' : undefined;
  const text = normalizeSearchQuery(query.get('query'));
  // Search results are not cached: the read cache holds only what every viewer shares.
  const { total, items } = text
    ? await searchShowcaseVideos(db, {
        showcaseId: found.showcase.id,
        query: text,
        sort: order,
        page,
        perPage,
        filter,
      })
    : await cachedListShowcaseVideos(db, {
        showcaseId: found.showcase.id,
        sort: order,
        page,
        perPage,
        filter,
      });
  if (page > pageCount(total, perPage)) {
    return jsonError(context.locals, 400, {
      error: context.locals.t('errors.videosTitle'),
      message: context.locals.t('errors.videosBody'),
      developer_message: `page ${page} is past the last page of this list.`,
      error_code: PAGE_NOT_FOUND_ERROR,
    });
  }
  const origins = apiOrigins(context.url, context.request);
  const available = vimeoVideoState('ready', true);
  const data = await withLiveViewers(
    db,
    await withCountedPlays(
      db,
      items.map((item) =>
        apiVideo(open.present(item), { origins, albumId: found.showcase.id, state: available }),
      ),
    ),
    { owner: false },
  );
  return apiJson(
    context,
    listEnvelope(context.url, paging, total, data),
    { resource: 'video', cache },
    call.version,
  );
}

/**
 * GET …/albums/{albumId}/videos/{videoId}: _hashed_pass, fields, is_embed, referrer (SPEC §7).
 * Besides the video: `download` and `text_tracks` when the viewer may download (else empty),
 * and `download_access` ('everyone', 'creator-only' for the owner when downloads are off, 'none').
 * A video this viewer may not watch answers locked (content_lock), with no media or download link.
 * A video not (or no longer) in the showcase answers 404 with error_code 8003, which makes a
 * live page polling its event reload (SPEC §4). A live event's answer is cached only briefly.
 */
export async function albumVideoAnswer(context: APIContext): Promise<Response> {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { open } = album;
  const videoId = parseId(context.params['videoId']);
  const item = videoId ? await findShowcaseVideo(db, open.found.showcase.id, videoId) : null;
  if (!item) return jsonError(context.locals, 404, { error_code: EVENT_GONE_ERROR });
  const { video, downloadAccess } = await presentShowcaseVideo(
    context,
    db,
    open,
    item,
    apiOrigins(context.url, context.request),
  );
  // Download links are signed for this viewer's rights: never shared from a cache.
  const shared = downloadAccess === 'none' && album.cache === 'public';
  return apiJson(
    context,
    video,
    { resource: 'video', cache: shared ? (item.live ? 'brief' : 'public') : 'private' },
    call.version,
  );
}
