/**
 * Where a signed-in buyer stands with stock clips: which they added to their account (in
 * which quality, with its download) and which wait in their cart, so pages and cards say
 * "Owned" or "In cart" instead of offering the same action again; and how many lines the
 * cart holds, for the top bar.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, carts, purchases } from '../db/schema.ts';
import type { StockQuality } from './cart.ts';
import { downloadPath } from './purchases.ts';
import { findStockClips } from './stockQueries.ts';

export interface BuyerState {
  /** The quality the clip is the buyer's in; null when it is not theirs. */
  owned: StockQuality | null;
  /** The signed path that downloads the owned file; null when not owned or no file is at hand. */
  download: string | null;
  /** The quality it waits in the cart in; null when it is not in the cart. */
  inCart: StockQuality | null;
}

/** The viewer's standing with these clips: none for an anonymous viewer, whose page is read without. */
export async function viewerBuyerStates(
  db: Db,
  viewer: App.Locals['viewer'],
  clipIds: readonly number[],
): Promise<ReadonlyMap<number, BuyerState>> {
  return viewer ? buyerStates(db, viewer.user.id, clipIds) : new Map();
}

export async function buyerStates(
  db: Db,
  userId: number,
  clipIds: readonly number[],
): Promise<Map<number, BuyerState>> {
  const states = new Map<number, BuyerState>();
  if (clipIds.length === 0) return states;
  const ids = [...new Set(clipIds)];
  const [bought, waiting] = await Promise.all([
    db
      .select({ clipId: purchases.clipId, quality: purchases.quality })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), inArray(purchases.clipId, ids))),
    db
      .select({ clipId: cartItems.clipId, quality: cartItems.quality })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, userId), inArray(cartItems.clipId, ids))),
  ]);
  const ownedClips = await findStockClips(
    db,
    bought.map((b) => b.clipId),
  );
  const state = (clipId: number) =>
    states.get(clipId) ?? { owned: null, download: null, inCart: null };
  for (const { clipId, quality } of waiting)
    states.set(clipId, { ...state(clipId), inCart: quality as StockQuality });
  for (const { clipId, quality } of bought) {
    const clip = ownedClips.find((c) => c.video.id === clipId);
    const owned = quality as StockQuality;
    states.set(clipId, {
      ...state(clipId),
      owned,
      download: clip ? downloadPath(clip, owned) : null,
    });
  }
  return states;
}

export async function cartLineCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ lines: count() })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Number(row?.lines ?? 0);
}
