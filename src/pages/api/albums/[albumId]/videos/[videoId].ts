import type { APIRoute } from 'astro';
import { findApiAlbum } from '../../../../../server/access/apiAlbumAccess.ts';
import { getDb } from '../../../../../server/db/client.ts';
import { apiJson, negotiateVersion, notFound, parseId } from '../../../../../server/http/apiResponse.ts';
import { videoJson } from '../../../../../server/showcases/represent.ts';
import { findShowcaseVideo } from '../../../../../server/showcases/showcaseQueries.ts';
import { loadVideoDownloads } from '../../../../../server/showcases/videoDownloads.ts';

/**
 * GET /api/albums/{albumId}/videos/{videoId}: _hashed_pass, fields, is_embed, referrer (SPEC §7).
 * Besides the video: `download` and `text_tracks` when the viewer may download (else empty),
 * and `download_access` ('everyone', 'creator-only' for the owner when downloads are off, 'none').
 */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  const videoId = parseId(context.params['videoId']);
  const item = album && videoId ? await findShowcaseVideo(db, album.found.showcase.id, videoId) : null;
  if (!album || !item) return notFound(context);
  const downloads = await loadVideoDownloads(db, {
    found: album.found,
    video: item.video,
    teamRole: album.teamRole,
    locale: context.locals.locale,
    t: context.locals.t,
    shareHash: context.url.searchParams.get('sh'),
  });
  const body = { ...videoJson(item, album.found.showcase.id), download: downloads.download, text_tracks: downloads.textTracks, download_access: downloads.access };
  // Download links are signed for this viewer's rights: never shared from a cache.
  return apiJson(context, body, { resource: 'video', cache: downloads.access === 'none' ? album.cache : 'private' }, negotiated.version);
};
