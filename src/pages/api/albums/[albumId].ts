import type { APIRoute } from 'astro';
import { findApiAlbum } from '../../../server/access/apiAlbumAccess.ts';
import { getDb } from '../../../server/db/client.ts';
import { apiJson, negotiateVersion, notFound } from '../../../server/http/apiResponse.ts';
import { albumJson } from '../../../server/showcases/represent.ts';

/** GET /api/albums/{albumId} (SPEC §7). */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const album = await findApiAlbum(context, await getDb());
  // A showcase the viewer may not open is answered as missing: its existence is not told.
  if (!album) return notFound(context);
  return apiJson(context, albumJson(album.found), { resource: 'album', cache: album.cache }, negotiated.version);
};
