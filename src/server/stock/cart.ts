/**
 * The stock cart of a user (SPEC §3 cart response, §7 POST /cart/stock). One line per clip:
 * the cart_items key makes adding twice, or a double click, leave one line. Every change is
 * one transaction; prices and discounts are read and summed here, never in the browser.
 * A cart is in one currency, as SPEC §3's one currencyCode says: a clip sold in another is
 * refused, so the cart page never shows, nor checks out, a sum of two currencies.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { priceCart } from '../../lib/cartPricing.ts';
import { formatPrice } from '../../lib/stockPrice.ts';
import type { Db } from '../db/client.ts';
import {
  cartItems,
  carts,
  purchases,
  stockClipQualities,
  stockClips,
  users,
  videos,
} from '../db/schema.ts';

export type StockQuality = 'HD' | '4K';

interface CartItemJson {
  clipId: number;
  quality: string;
  /** The currency the clip is sold in; its prices are in it. */
  currencyCode: string;
  productId: string;
  title: string;
  clipUri: string;
  pageUri: string;
  originalPrice: number;
  discountedPrice: number;
  originalDisplayPrice: string;
  discountedDisplayPrice: string;
}

interface PricingInfo {
  subtotal: number;
  total: number;
  totalDiscount: number;
  subtotalDisplay: string;
  totalDisplay: string;
  totalDiscountDisplay: string;
}

/** SPEC §3 cart response: the lines, and their sum in the cart's currency. */
export interface CartResponse {
  items: CartItemJson[];
  subscriptionDetails: { membershipType: string; canReceiveFreeStock: boolean };
  discountApplied: boolean;
  pricingInfo: PricingInfo;
  currencyCode: string;
}

/** Why a clip could not go into the cart; each is answered with SPEC §8's cart error. */
type CartRefusal = 'unknown' | 'free' | 'owned' | 'currency';

export type CartChange = { ok: true; cart: CartResponse } | { ok: false; reason: CartRefusal };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function cartOf(
  tx: Tx | Db,
  userId: number,
  currencyCode: string,
): Promise<{ id: number; currencyCode: string }> {
  await tx
    .insert(carts)
    .values({ userId, currencyCode })
    .onConflictDoNothing({ target: carts.userId });
  const [cart] = await tx
    .select({ id: carts.id, currencyCode: carts.currencyCode })
    .from(carts)
    .where(eq(carts.userId, userId))
    .limit(1);
  return cart!;
}

export async function readCart(db: Db | Tx, userId: number, locale: string): Promise<CartResponse> {
  const [user] = await db
    .select({
      membershipType: users.membershipType,
      canReceiveFreeStock: users.canReceiveFreeStock,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [cart] = await db
    .select({ id: carts.id, currencyCode: carts.currencyCode })
    .from(carts)
    .where(eq(carts.userId, userId))
    .limit(1);
  const lines = cart
    ? await db
        .select({
          clipId: cartItems.clipId,
          quality: cartItems.quality,
          title: videos.name,
          productId: stockClipQualities.productId,
          price: stockClipQualities.priceMinor,
          discounted: stockClipQualities.discountedPriceMinor,
          currencyCode: stockClips.currencyCode,
        })
        .from(cartItems)
        .innerJoin(videos, eq(videos.id, cartItems.clipId))
        .innerJoin(stockClips, eq(stockClips.videoId, cartItems.clipId))
        .innerJoin(
          stockClipQualities,
          and(
            eq(stockClipQualities.clipId, cartItems.clipId),
            eq(stockClipQualities.quality, cartItems.quality),
          ),
        )
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.clipId))
    : [];
  const money = (minor: number, currency: string) => formatPrice({ minor, currency }, locale);
  const items = lines.map((line) => {
    const discountedPrice = line.discounted ?? line.price;
    return {
      clipId: line.clipId,
      quality: line.quality,
      currencyCode: line.currencyCode,
      productId: line.productId,
      title: line.title,
      clipUri: `/videos/${line.clipId}`,
      pageUri: `/${line.clipId}`,
      originalPrice: line.price,
      discountedPrice,
      originalDisplayPrice: money(line.price, line.currencyCode),
      discountedDisplayPrice: money(discountedPrice, line.currencyCode),
    };
  });
  const currency = items[0]?.currencyCode ?? cart?.currencyCode ?? 'USD';
  const pricing = priceCart(
    items.map((i) => ({ originalMinor: i.originalPrice, discountedMinor: i.discountedPrice })),
  );
  return {
    items,
    subscriptionDetails: {
      membershipType: user?.membershipType ?? 'basic',
      canReceiveFreeStock: user?.canReceiveFreeStock ?? false,
    },
    discountApplied: pricing.discountApplied,
    pricingInfo: {
      subtotal: pricing.subtotalMinor,
      total: pricing.totalMinor,
      totalDiscount: pricing.totalDiscountMinor,
      subtotalDisplay: money(pricing.subtotalMinor, currency),
      totalDisplay: money(pricing.totalMinor, currency),
      totalDiscountDisplay: money(pricing.totalDiscountMinor, currency),
    },
    currencyCode: currency,
  };
}

/**
 * Adds clips (stocks_to_add) to the user's cart, all or none. A clip already in the cart
 * keeps its line; one sold in another currency than the cart's lines is refused.
 */
export async function addToCart(
  db: Db,
  userId: number,
  additions: readonly { clipId: number; quality: StockQuality }[],
  locale: string,
): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const clipIds = additions.map((a) => a.clipId);
    const clips = await tx
      .select({
        id: stockClips.videoId,
        currencyCode: stockClips.currencyCode,
        isFree: videos.isFree,
      })
      .from(stockClips)
      .innerJoin(videos, eq(videos.id, stockClips.videoId))
      .where(and(inArray(stockClips.videoId, clipIds), eq(videos.status, 'ready')));
    if (clips.length !== new Set(clipIds).size) return { ok: false, reason: 'unknown' } as const;
    if (clips.some((c) => c.isFree)) return { ok: false, reason: 'free' } as const;
    const owned = await tx
      .select({ clipId: purchases.clipId })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), inArray(purchases.clipId, clipIds)));
    if (owned.length > 0) return { ok: false, reason: 'owned' } as const;

    const cart = await cartOf(tx, userId, clips[0]!.currencyCode);
    const held = await tx
      .selectDistinct({ currencyCode: stockClips.currencyCode })
      .from(cartItems)
      .innerJoin(stockClips, eq(stockClips.videoId, cartItems.clipId))
      .where(eq(cartItems.cartId, cart.id));
    const currencies = new Set([...held, ...clips].map((c) => c.currencyCode));
    if (currencies.size > 1) return { ok: false, reason: 'currency' } as const;

    await tx
      .insert(cartItems)
      .values(additions.map((a) => ({ cartId: cart.id, clipId: a.clipId, quality: a.quality })))
      .onConflictDoNothing();
    await tx
      .update(carts)
      .set({ currencyCode: clips[0]!.currencyCode, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return { ok: true, cart: await readCart(tx, userId, locale) } as const;
  });
}

export async function removeFromCart(
  db: Db,
  userId: number,
  clipId: number,
  locale: string,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.clipId, clipId),
          sql`${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`,
        ),
      );
    return readCart(tx, userId, locale);
  });
}

export async function changeCartQuality(
  db: Db,
  userId: number,
  clipId: number,
  quality: StockQuality,
  locale: string,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    await tx
      .update(cartItems)
      .set({ quality })
      .where(
        and(
          eq(cartItems.clipId, clipId),
          sql`${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`,
        ),
      );
    return readCart(tx, userId, locale);
  });
}
