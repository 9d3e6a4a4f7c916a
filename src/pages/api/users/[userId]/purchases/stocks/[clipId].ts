import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../../../../server/auth/apiViewer.ts';
import { getDb } from '../../../../../../server/db/client.ts';
import { parseId } from '../../../../../../server/http/apiResponse.ts';
import { addToAccount } from '../../../../../../server/stock/purchases.ts';
import { stockClipJson } from '../../../../../../server/stock/stockJson.ts';
import { parseQuality, readStockBody } from '../../../../../../server/stock/stockRequests.ts';
import { backTo, stockError, stockJson } from '../../../../../../server/stock/stockResponses.ts';

/**
 * POST /api/users/{userId}/purchases/stocks/{clipId}?clip_uri=/videos/{clipId} (SPEC §7):
 * Add to account, with the JWT (or the session and token of a form). Answers clip_uri,
 * title, pictures and qualities.
 */
export const POST: APIRoute = async ({ request, locals, params, url }) => {
  const body = await readStockBody(request);
  const viewerId = apiViewerId(locals);
  if (!viewerId)
    return body.fromForm
      ? backTo(locals, '/log_in', { redirect: body.returnTo })
      : stockError(locals, 401, 'signInFirst');
  const userId = parseId(params['userId']);
  const clipId = parseId(params['clipId']);
  const clipUri = url.searchParams.get('clip_uri');
  // A user adds clips to their own account only.
  if (userId !== viewerId)
    return body.fromForm
      ? backTo(locals, body.returnTo, { stock_error: 'account' })
      : stockError(locals, 403, 'accountFailed');
  const quality = parseQuality(body.fields['quality']);
  if (!clipId || !quality || (clipUri !== null && clipUri !== `/videos/${clipId}`)) {
    return body.fromForm
      ? backTo(locals, body.returnTo, { stock_error: 'account' })
      : stockError(locals, 400, 'accountFailed');
  }
  const result = await addToAccount(await getDb(), viewerId, clipId, quality);
  if (!result.ok) {
    if (body.fromForm)
      return backTo(locals, body.returnTo, { stock_error: 'account', stock_clip: String(clipId) });
    return stockError(locals, result.reason === 'unknown' ? 404 : 403, 'accountFailed');
  }
  if (body.fromForm)
    return backTo(locals, body.returnTo, { added: 'account', stock_clip: String(clipId) });
  const { clip_uri, title, pictures, qualities } = stockClipJson(result.clip, locals.locale);
  return stockJson({ clip_uri, title, pictures, qualities });
};
