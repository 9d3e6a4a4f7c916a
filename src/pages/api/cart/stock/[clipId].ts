import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../../server/auth/apiViewer.ts';
import { getDb } from '../../../../server/db/client.ts';
import { parseId } from '../../../../server/http/apiResponse.ts';
import { changeCartQuality, removeFromCart } from '../../../../server/stock/cart.ts';
import { parseQuality, readStockBody } from '../../../../server/stock/stockRequests.ts';
import { backTo, stockError, stockJson } from '../../../../server/stock/stockResponses.ts';

/** POST /api/cart/stock/{clipId}: `action=remove`, or a new `quality` for the line. Answers the cart. */
export const POST: APIRoute = async ({ request, locals, params }) => {
  const body = await readStockBody(request);
  const userId = apiViewerId(locals);
  if (!userId)
    return body.fromForm
      ? backTo(locals, '/log_in', { redirect: '/stock/cart' })
      : stockError(locals, 401, 'signInFirst');
  const clipId = parseId(params['clipId']);
  const quality = parseQuality(body.fields['quality']);
  if (!clipId || (body.fields['action'] !== 'remove' && !quality))
    return stockError(locals, 400, 'purchaseFailed');
  const db = await getDb();
  const cart =
    body.fields['action'] === 'remove'
      ? await removeFromCart(db, userId, clipId, locals.locale)
      : await changeCartQuality(db, userId, clipId, quality!, locals.locale);
  return body.fromForm ? backTo(locals, '/stock/cart') : stockJson(cart);
};
