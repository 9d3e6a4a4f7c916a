import type { APIRoute } from 'astro';
import { findApiAlbum } from '../../../../../server/access/apiAlbumAccess.ts';
import { getDb } from '../../../../../server/db/client.ts';
import { EVENT_GONE_ERROR } from '../../../../../lib/liveStatusPoll.ts';
import { apiJson, negotiateVersion, parseId } from '../../../../../server/http/apiResponse.ts';
import { jsonError } from '../../../../../server/http/errorResponse.ts';
import { findShowcaseVideo } from '../../../../../server/showcases/showcaseQueries.ts';
import { loadVideoDownloads } from '../../../../../server/showcases/videoDownloads.ts';

/**
 * GET /api/albums/{albumId}/videos/{videoId}: _hashed_pass, fields, is_embed, referrer (SPEC §7).
 * Besides the video: `download` and `text_tracks` when the viewer may download (else empty),
 * and `download_access` ('everyone', 'creator-only' for the owner when downloads are off, 'none').
 * A video this viewer may not watch answers locked (content_lock), with no media or download link.
 * A video not (or no longer) in the showcase answers 404 with error_code 8003, which makes a
 * live page polling its event reload (SPEC §4). A live event's answer is cached only briefly.
 */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { open } = album;
  const videoId = parseId(context.params['videoId']);
  const item = videoId ? await findShowcaseVideo(db, open.found.showcase.id, videoId) : null;
  if (!item) return jsonError(context.locals, 404, { error_code: EVENT_GONE_ERROR });
  const video = open.present(item);
  const downloads = video.content_lock
    ? { access: 'none' as const, download: [], textTracks: [] }
    : await loadVideoDownloads(db, {
        found: open.found,
        video: item.video,
        teamRole: open.teamRole,
        locale: context.locals.locale,
        t: context.locals.t,
        shareHash: context.url.searchParams.get('sh'),
      });
  const body = { ...video, download: downloads.download, text_tracks: downloads.textTracks, download_access: downloads.access };
  // Download links are signed for this viewer's rights: never shared from a cache.
  const shared = downloads.access === 'none' && album.cache === 'public';
  return apiJson(context, body, { resource: 'video', cache: shared ? (item.live ? 'brief' : 'public') : 'private' }, negotiated.version);
};
