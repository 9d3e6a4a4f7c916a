/**
 * A buyer's standing with stock clips against a real database (PGlite in a temporary folder,
 * or the PostgreSQL of DATABASE_URL): what pages and cards show instead of the buttons, and
 * the top bar's cart count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('buyer');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { addToCart } = await import('./cart.ts');
const { addToAccount } = await import('./purchases.ts');
const { buyerStates, cartLineCount } = await import('./buyerState.ts');

const ids = { buyer: 0, other: 0, waiting: 0, bought: 0, untouched: 0 };

async function makeClip(ownerId: number, name: string): Promise<number> {
  const db = await getDb();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId, name, type: 'stock', privacyView: 'stock' })
    .returning();
  await db
    .insert(schema.stockClips)
    .values({ videoId: video!.id, creatorId: ownerId, currencyCode: 'USD' });
  await db.insert(schema.stockClipQualities).values([
    {
      clipId: video!.id,
      quality: 'HD',
      productId: `${name}-hd`,
      format: 'MP4',
      dimension: '1920 × 1080',
      codec: 'H.264',
      priceMinor: 4900,
    },
    {
      clipId: video!.id,
      quality: '4K',
      productId: `${name}-4k`,
      format: 'MP4',
      dimension: '3840 × 2160',
      codec: 'H.264',
      priceMinor: 7900,
    },
  ]);
  await db.insert(schema.videoFiles).values([
    {
      videoId: video!.id,
      quality: 'hd',
      mime: 'video/mp4',
      width: 1920,
      height: 1080,
      storageKey: `stock/${name}/hd.mp4`,
    },
    {
      videoId: video!.id,
      quality: 'source',
      mime: 'video/mp4',
      width: 3840,
      height: 2160,
      storageKey: `stock/${name}/source.mp4`,
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
    .values({
      email: 'buyer@example.test',
      name: 'Buyer',
      membershipType: 'plus',
      canReceiveFreeStock: true,
    })
    .returning();
  const [other] = await db
    .insert(schema.users)
    .values({ email: 'other@example.test', name: 'Other', membershipType: 'basic' })
    .returning();
  ids.buyer = buyer!.id;
  ids.other = other!.id;
  ids.waiting = await makeClip(creator!.id, 'harbour');
  ids.bought = await makeClip(creator!.id, 'lights');
  ids.untouched = await makeClip(creator!.id, 'market');
  await addToCart(db, ids.buyer, [{ clipId: ids.waiting, quality: '4K' }], 'en');
  await addToCart(db, ids.buyer, [{ clipId: ids.bought, quality: 'HD' }], 'en');
  await addToAccount(db, ids.buyer, ids.bought, 'HD');
});

describe('a buyer with one clip in the cart and one in the account', () => {
  it('says which clip waits in the cart, in which quality', async () => {
    const states = await buyerStates(await getDb(), ids.buyer, [ids.waiting, ids.untouched]);
    expect(states.get(ids.waiting)).toEqual({ owned: null, download: null, inCart: '4K' });
    expect(states.has(ids.untouched)).toBe(false);
  });

  it('says which clip is owned, with a signed download of the file of its quality', async () => {
    const state = (await buyerStates(await getDb(), ids.buyer, [ids.bought])).get(ids.bought);
    expect(state).toMatchObject({ owned: 'HD', inCart: null });
    expect(state?.download).toMatch(
      /^\/media\/stock\/lights\/hd\.mp4\?exp=\d+&sig=[^&]+&dl=lights-HD\.mp4$/,
    );
  });

  it('counts the cart lines left once the owned clip left the cart', async () => {
    expect(await cartLineCount(await getDb(), ids.buyer)).toBe(1);
  });

  it('tells another account nothing of them', async () => {
    const db = await getDb();
    expect((await buyerStates(db, ids.other, [ids.waiting, ids.bought, ids.untouched])).size).toBe(
      0,
    );
    expect(await cartLineCount(db, ids.other)).toBe(0);
  });
});
