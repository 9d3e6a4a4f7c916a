import type { APIRoute } from 'astro';
import { isDownloadQuality } from '../../../../../../lib/downloadQualities.ts';
import { findApiAlbum } from '../../../../../../server/access/apiAlbumAccess.ts';
import { getDb } from '../../../../../../server/db/client.ts';
import { notFound, parseId } from '../../../../../../server/http/apiResponse.ts';
import { requestDefrostOf } from '../../../../../../server/media/coldStorage.ts';
import { findShowcaseVideo } from '../../../../../../server/showcases/showcaseQueries.ts';
import { accessToDownloads } from '../../../../../../server/showcases/videoDownloads.ts';
import { NO_STORE_HEADERS } from '../../../../../../server/http/cacheControl.ts';

/**
 * GET /api/albums/{albumId}/videos/{videoId}/retrieve?quality=: the cold file link (SPEC §7).
 * Asks for an archived file to be retrieved and answers { is_defrosting }; only for viewers
 * who may download the video.
 */
export const GET: APIRoute = async (context) => {
  const db = await getDb();
  const album = await findApiAlbum(context, db);
  if ('error' in album) return album.error;
  const { open } = album;
  const videoId = parseId(context.params['videoId']);
  const quality = context.url.searchParams.get('quality') ?? '';
  const item =
    videoId && isDownloadQuality(quality)
      ? await findShowcaseVideo(db, open.found.showcase.id, videoId)
      : null;
  if (
    !item ||
    open.lockOf(item) !== null ||
    accessToDownloads(open.found, item.video, open.teamRole) === 'none'
  )
    return notFound(context);
  const isDefrosting = await requestDefrostOf(db, item.video.id, quality, new Date());
  if (isDefrosting === null) return notFound(context);
  return Response.json({ is_defrosting: isDefrosting }, { headers: NO_STORE_HEADERS });
};
