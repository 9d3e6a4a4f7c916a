import type { APIRoute } from 'astro';
import { findApiAlbum } from '../../../server/access/apiAlbumAccess.ts';
import { getDb } from '../../../server/db/client.ts';
import { apiJson, negotiateVersion } from '../../../server/http/apiResponse.ts';
import { albumJson } from '../../../server/showcases/represent.ts';

/** GET /api/albums/{albumId} (SPEC §7). */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const album = await findApiAlbum(context, await getDb());
  if ('error' in album) return album.error;
  return apiJson(context, albumJson(album.open.found), { resource: 'album', cache: album.cache }, negotiated.version);
};
