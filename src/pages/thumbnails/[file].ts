import type { APIRoute } from 'astro';
import { parseThumbnailFile } from '../../lib/thumbnailAddress.ts';
import { getDb } from '../../server/db/client.ts';
import { refuseMedia } from '../../server/delivery/mediaRefusal.ts';
import { serveMedia } from '../../server/delivery/serveMedia.ts';
import { PUBLIC_THUMBNAIL_CACHE, publicThumbnailKey } from '../../server/media/publicThumbnails.ts';

/** GET /thumbnails/{videoId}-{digest}-{width}.jpg: a public video's picture at its stable address (publicThumbnails.ts). */
const handler: APIRoute = async ({ params, request, cookies }) => {
  const address = parseThumbnailFile(params.file ?? '');
  const key = address ? await publicThumbnailKey(await getDb(), address) : null;
  if (!key) return refuseMedia('missing', { request, cookies });
  const response = await serveMedia(key, request, { cacheControl: PUBLIC_THUMBNAIL_CACHE });
  return response.status === 404 ? refuseMedia('missing', { request, cookies }) : response;
};

export const GET = handler;
export const HEAD = handler;
