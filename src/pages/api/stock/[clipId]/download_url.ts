import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../../server/auth/apiViewer.ts';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { downloadPath, ownedQuality } from '../../../../server/stock/purchases.ts';
import { findStockClip } from '../../../../server/stock/stockQueries.ts';
import { stockError, stockJson } from '../../../../server/stock/stockResponses.ts';

/** GET /api/stock/{clipId}/download_url: `downloadUrl` for someone who owns the clip, else `error.message` (SPEC §7). */
export const GET: APIRoute = async ({ locals, params }) => {
  const userId = apiViewerId(locals);
  if (!userId) return stockError(locals, 401, 'signInFirst');
  const clipId = parseId(params['clipId']);
  const db = await getDb();
  const clip = clipId ? await findStockClip(db, clipId) : null;
  if (!clip) return stockError(locals, 404, 'downloadDenied');
  const quality = await ownedQuality(db, userId, clip.video.id);
  if (!quality) return stockError(locals, 403, 'downloadDenied');
  // The file of the quality the clip was added in: 1080p for HD, the 4K source for 4K.
  const downloadUrl = downloadPath(clip, quality);
  if (!downloadUrl) return stockError(locals, 404, 'downloadDenied');
  return stockJson({ downloadUrl });
};
