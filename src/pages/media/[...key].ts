import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client.ts';
import { refuseMedia } from '../../server/delivery/mediaRefusal.ts';
import { serveMedia } from '../../server/delivery/serveMedia.ts';
import { mediaCacheControl } from '../../server/http/cacheControl.ts';
import { mediaStorage } from '../../server/media/mediaStorage.ts';
import { verifyMediaSignature } from '../../server/delivery/signedUrl.ts';
import { markDownloaded } from '../../server/media/coldStorage.ts';
import { verdictWithAny } from '../../lib/keyRing.ts';
import { acceptedSecrets } from '../../server/secrets.ts';

/**
 * GET /media/{key}?exp=&sig=[&dl=]: media, thumbnails and downloads behind a signed, expiring
 * URL. With dl (a download) the file comes as an attachment and counts as accessed, which
 * keeps a source out of cold storage; an archived file is refused until it is retrieved.
 */
const handler: APIRoute = async ({ params, url, request, cookies }) => {
  const key = params.key ?? '';
  const download = url.searchParams.get('dl');
  const verdict = verdictWithAny(acceptedSecrets('media'), (secret) =>
    verifyMediaSignature(
      key,
      url.searchParams.get('exp'),
      url.searchParams.get('sig'),
      secret,
      undefined,
      download,
    ),
  );
  if (verdict === 'expired' || verdict === 'invalid')
    return refuseMedia(verdict === 'expired' ? 'expired' : 'forbidden', { request, cookies });
  const cacheControl = mediaCacheControl({
    key,
    shared: verdict === 'shared',
    expiresAt: Number(url.searchParams.get('exp')),
  });
  const response = await serveMedia(key, request, { download, cacheControl });
  // Archived bytes are not readable: say why instead of a bare 404.
  if (response.status === 404)
    return refuseMedia((await mediaStorage().tierOf(key)) === 'archive' ? 'archived' : 'missing', {
      request,
      cookies,
    });
  if (download !== null && request.method === 'GET' && response.ok)
    await markDownloaded(await getDb(), key, new Date());
  return response;
};

export const GET = handler;
export const HEAD = handler;
