import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../../server/auth/apiViewer.ts';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { sign } from '../../../../server/showcases/represent.ts';
import { downloadKey, ownsClip } from '../../../../server/stock/purchases.ts';
import { findStockClip } from '../../../../server/stock/stockQueries.ts';
import { stockError, stockJson } from '../../../../server/stock/stockResponses.ts';

/** GET /api/stock/{clipId}/download_url: `downloadUrl` for someone who owns the clip, else `error.message` (SPEC §7). */
export const GET: APIRoute = async ({ locals, params }) => {
  const userId = apiViewerId(locals);
  if (!userId) return stockError(locals, 401, 'signInFirst');
  const clipId = parseId(params['clipId']);
  const db = await getDb();
  const clip = clipId ? await findStockClip(db, clipId) : null;
  const key = clip ? downloadKey(clip) : null;
  if (!clip || !key) return stockError(locals, 404, 'downloadDenied');
  if (!(await ownsClip(db, userId, clip.video.id))) return stockError(locals, 403, 'downloadDenied');
  return stockJson({ downloadUrl: sign(key) });
};
