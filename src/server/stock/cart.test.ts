/**
 * The stock cart and Add to account against a real database (PGlite in a temporary folder,
 * or the PostgreSQL of DATABASE_URL): adding twice, or twice at once, never makes two lines
 * or two purchases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('cart');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { addToCart, changeCartQuality, readCart, removeFromCart } = await import('./cart.ts');
const { addToAccount, ownsClip } = await import('./purchases.ts');

const ids = { buyer: 0, eligible: 0, usdClip: 0, usdSale: 0, eurClip: 0, freeClip: 0 };

async function makeClip(
  ownerId: number,
  name: string,
  currencyCode: string,
  prices: { hd: number; uhd: number; uhdSale?: number },
  isFree = false,
): Promise<number> {
  const db = await getDb();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId, name, type: 'stock', privacyView: 'stock', isFree })
    .returning();
  await db
    .insert(schema.stockClips)
    .values({ videoId: video!.id, creatorId: ownerId, currencyCode });
  await db.insert(schema.stockClipQualities).values([
    {
      clipId: video!.id,
      quality: 'HD',
      productId: `${name}-hd`,
      format: 'MP4',
      dimension: '1920 × 1080',
      codec: 'H.264',
      priceMinor: prices.hd,
    },
    {
      clipId: video!.id,
      quality: '4K',
      productId: `${name}-4k`,
      format: 'MOV',
      dimension: '3840 × 2160',
      codec: 'ProRes 422',
      priceMinor: prices.uhd,
      discountedPriceMinor: prices.uhdSale ?? null,
    },
  ]);
  return video!.id;
}

beforeAll(async () => {
  const db = await getDb();
  const [creator] = await db
    .insert(schema.users)
    .values({ email: 'creator@example.test', name: 'Creator', membershipType: 'pro' })
    .returning();
  const [buyer] = await db
    .insert(schema.users)
    .values({ email: 'buyer@example.test', name: 'Buyer', membershipType: 'basic' })
    .returning();
  const [eligible] = await db
    .insert(schema.users)
    .values({
      email: 'eligible@example.test',
      name: 'Eligible',
      membershipType: 'plus',
      canReceiveFreeStock: true,
    })
    .returning();
  ids.buyer = buyer!.id;
  ids.eligible = eligible!.id;
  ids.usdClip = await makeClip(creator!.id, 'harbour', 'USD', { hd: 4900, uhd: 7900 });
  ids.usdSale = await makeClip(creator!.id, 'lights', 'USD', {
    hd: 3900,
    uhd: 6900,
    uhdSale: 4900,
  });
  ids.eurClip = await makeClip(creator!.id, 'market', 'EUR', { hd: 4500, uhd: 7500 });
  ids.freeClip = await makeClip(creator!.id, 'fog', 'USD', { hd: 0, uhd: 0 }, true);
});

describe('a basic account adding paid clips to its cart', () => {
  it('keeps one line when the same clip is added twice, and twice at once', async () => {
    const db = await getDb();
    await addToCart(db, ids.buyer, [{ clipId: ids.usdClip, quality: 'HD' }], 'en');
    await Promise.all([
      addToCart(db, ids.buyer, [{ clipId: ids.usdClip, quality: 'HD' }], 'en'),
      addToCart(db, ids.buyer, [{ clipId: ids.usdClip, quality: 'HD' }], 'en'),
    ]);
    const cart = await readCart(db, ids.buyer, 'en');
    expect(cart.items.map((i) => i.clipId)).toEqual([ids.usdClip]);
    expect(cart.pricingInfo.totalDisplay).toBe('$49.00');
  });

  it('sums originals into the subtotal and takes the sale price off the total', async () => {
    const db = await getDb();
    const change = await addToCart(db, ids.buyer, [{ clipId: ids.usdSale, quality: '4K' }], 'en');
    expect(change.ok).toBe(true);
    const cart = change.ok ? change.cart : null;
    expect(cart?.items[1]).toMatchObject({
      quality: '4K',
      productId: 'lights-4k',
      originalDisplayPrice: '$69.00',
      discountedDisplayPrice: '$49.00',
    });
    expect(cart?.discountApplied).toBe(true);
    expect(cart?.pricingInfo).toMatchObject({
      subtotal: 11800,
      total: 9800,
      totalDiscount: 2000,
      subtotalDisplay: '$118.00',
      totalDisplay: '$98.00',
      totalDiscountDisplay: '$20.00',
    });
    expect(cart?.currencyCode).toBe('USD');
  });

  it('shows the same prices in the viewer’s locale', async () => {
    const cart = await readCart(await getDb(), ids.buyer, 'de-DE');
    expect(cart.pricingInfo.totalDisplay.replace(/\s/g, ' ')).toBe('98,00 $');
  });

  it('keeps to one currency: refuses a clip sold in another, and a free clip', async () => {
    const db = await getDb();
    expect(await addToCart(db, ids.buyer, [{ clipId: ids.eurClip, quality: 'HD' }], 'en')).toEqual({
      ok: false,
      reason: 'currency',
    });
    expect(await addToCart(db, ids.buyer, [{ clipId: ids.freeClip, quality: 'HD' }], 'en')).toEqual(
      { ok: false, reason: 'free' },
    );
    const cart = await readCart(db, ids.buyer, 'en');
    expect(cart.items.map((item) => item.currencyCode)).toEqual(['USD', 'USD']);
    expect(cart.pricingInfo.totalDisplay).toBe('$98.00');
  });

  it('changes a line’s quality and removes a line, repricing the cart', async () => {
    const db = await getDb();
    const changed = await changeCartQuality(db, ids.buyer, ids.usdClip, '4K', 'en');
    expect(changed.items[0]).toMatchObject({ quality: '4K', originalPrice: 7900 });
    const emptied = await removeFromCart(db, ids.buyer, ids.usdClip, 'en');
    expect(emptied.items.map((i) => i.clipId)).toEqual([ids.usdSale]);
    await removeFromCart(db, ids.buyer, ids.usdSale, 'en');
    const euro = await addToCart(db, ids.buyer, [{ clipId: ids.eurClip, quality: 'HD' }], 'en');
    expect(euro.ok && euro.cart.currencyCode).toBe('EUR');
  });
});

describe('Add to account', () => {
  it('is refused to a basic account', async () => {
    expect(await addToAccount(await getDb(), ids.buyer, ids.freeClip, 'HD')).toEqual({
      ok: false,
      reason: 'not_eligible',
    });
    expect(await ownsClip(await getDb(), ids.buyer, ids.freeClip)).toBe(false);
  });

  it('gives an eligible account one purchase however often it is asked, and empties that cart line', async () => {
    const db = await getDb();
    await addToCart(db, ids.eligible, [{ clipId: ids.usdClip, quality: 'HD' }], 'en');
    const results = await Promise.all([
      addToAccount(db, ids.eligible, ids.usdClip, 'HD'),
      addToAccount(db, ids.eligible, ids.usdClip, 'HD'),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    await addToAccount(db, ids.eligible, ids.usdClip, '4K');
    const bought = await db.select().from(schema.purchases);
    expect(bought.map((p) => [p.userId, p.clipId, p.quality])).toEqual([
      [ids.eligible, ids.usdClip, 'HD'],
    ]);
    expect(await ownsClip(db, ids.eligible, ids.usdClip)).toBe(true);
    expect((await readCart(db, ids.eligible, 'en')).items).toEqual([]);
    expect(
      await addToCart(db, ids.eligible, [{ clipId: ids.usdClip, quality: 'HD' }], 'en'),
    ).toEqual({ ok: false, reason: 'owned' });
  });
});
