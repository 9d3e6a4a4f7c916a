import type { APIRoute } from 'astro';
import { refuseMedia } from '../../../../../server/delivery/mediaRefusal.ts';
import { serveMedia } from '../../../../../server/delivery/serveMedia.ts';
import { mediaCacheControl } from '../../../../../server/http/cacheControl.ts';
import { verifyMediaFolder } from '../../../../../server/delivery/signedFolder.ts';
import { verdictWithAny } from '../../../../../lib/keyRing.ts';
import { acceptedSecrets } from '../../../../../server/secrets.ts';

/** GET /media/p/{exp}/{sig}/{key}: a file of a signed folder (HLS playlists and segments). */
const handler: APIRoute = async ({ params, request, cookies }) => {
  const verdict = verdictWithAny(acceptedSecrets('media'), (secret) =>
    verifyMediaFolder(params.key ?? '', params.exp ?? '', params.sig ?? '', secret),
  );
  if (verdict === 'expired' || verdict === 'invalid')
    return refuseMedia(verdict === 'expired' ? 'expired' : 'forbidden', { request, cookies });
  const cacheControl = mediaCacheControl({
    key: params.key!,
    shared: verdict === 'shared',
    expiresAt: Number(params.exp),
  });
  return serveMedia(params.key!, request, { cacheControl });
};

export const GET = handler;
export const HEAD = handler;
