import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { getDb } from '../../../server/db/client.ts';
import { addToCart, readCart } from '../../../server/stock/cart.ts';
import { parseStocksToAdd, readStockBody } from '../../../server/stock/stockRequests.ts';
import { backTo, stockError, stockJson } from '../../../server/stock/stockResponses.ts';

/** GET /api/cart/stock: the viewer's cart response (SPEC §3). */
export const GET: APIRoute = async ({ locals }) => {
  const userId = apiViewerId(locals);
  if (!userId) return stockError(locals, 401, 'signInFirst');
  return stockJson(await readCart(await getDb(), userId, locals.locale));
};

/** POST /api/cart/stock: stocks_to_add[{clip_id}] and token; the cart response or an error (SPEC §7, §8). */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = await readStockBody(request);
  const userId = apiViewerId(locals);
  if (!userId)
    return body.fromForm
      ? backTo(locals, '/log_in', { redirect: body.returnTo })
      : stockError(locals, 401, 'signInFirst');
  const additions = parseStocksToAdd(body.fields);
  if (!additions)
    return body.fromForm
      ? backTo(locals, body.returnTo, { stock_error: 'cart' })
      : stockError(locals, 400, 'cartFailed');
  const change = await addToCart(await getDb(), userId, additions, locals.locale);
  if (!change.ok) {
    // stock_clip: a page showing several clips puts the message on the right one.
    if (body.fromForm)
      return backTo(locals, body.returnTo, {
        stock_error: 'cart',
        stock_clip: String(additions[0]?.clipId ?? ''),
      });
    return stockError(locals, change.reason === 'unknown' ? 404 : 409, 'cartFailed');
  }
  return body.fromForm ? backTo(locals, '/stock/cart') : stockJson(change.cart);
};
