import type { APIRoute } from 'astro';
import { serveMedia } from '../../../../../server/delivery/serveMedia.ts';
import { verifyMediaFolder } from '../../../../../server/delivery/signedFolder.ts';
import { secret } from '../../../../../server/secrets.ts';

/** GET /media/p/{exp}/{sig}/{key}: a file of a signed folder (HLS playlists and segments). */
const handler: APIRoute = async ({ params, request }) => {
  const verdict = verifyMediaFolder(params.key ?? '', params.exp ?? '', params.sig ?? '', secret('media'));
  if (verdict !== 'ok') return new Response(verdict === 'expired' ? 'This link has expired.' : 'Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } });
  return serveMedia(params.key!, request);
};

export const GET = handler;
export const HEAD = handler;
