import type { APIRoute } from 'astro';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { IMMUTABLE_PUBLIC_FILE } from '../../../../server/http/cacheControl.ts';
import { jsonError } from '../../../../server/http/errorResponse.ts';
import { serveMedia } from '../../../../server/delivery/serveMedia.ts';
import { isLogoFile, logoStorageKey } from '../../../../server/studio/showcaseLogo.ts';

/**
 * GET /showcase/{albumId}/logo/{file}: a showcase's custom logo, public like the branding of
 * its sign-in screen. Names are fresh for every upload, so a copy may be kept for a year.
 */
const handler: APIRoute = async ({ params, request, locals }) => {
  const albumId = parseId(params.albumId);
  const file = params.file ?? '';
  if (albumId === null || !isLogoFile(file)) return jsonError(locals, 404);
  const response = await serveMedia(logoStorageKey(albumId, file), request, {
    cacheControl: IMMUTABLE_PUBLIC_FILE,
  });
  return response.status === 404 ? jsonError(locals, 404) : response;
};

export const GET = handler;
export const HEAD = handler;
