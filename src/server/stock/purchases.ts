/**
 * Add to account (SPEC §7 POST /users/{userId}/purchases/stocks/{clipId}) and ownership.
 * One purchase per user and clip (purchases_user_clip_key): a second call, or a double
 * click, finds the first. The clip leaves the cart in the same transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DownloadQuality } from '../../lib/domain.ts';
import { canAddToAccount } from '../../lib/stockActions.ts';
import type { Db } from '../db/client.ts';
import { downloadFileName, signMediaPath } from '../delivery/signedUrl.ts';
import { secret } from '../secrets.ts';
import { cartItems, carts, purchases, stockClips, users } from '../db/schema.ts';
import type { StockQuality } from './cart.ts';
import { findStockClip, findStockClips, type StockClip } from './stockQueries.ts';

export type AddToAccountResult =
  { ok: true; clip: StockClip } | { ok: false; reason: 'not_eligible' | 'unknown' };

export async function addToAccount(
  db: Db,
  userId: number,
  clipId: number,
  quality: StockQuality,
): Promise<AddToAccountResult> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // SPEC §5: only a non-basic account eligible for free stock adds clips to its account.
  if (!user || !canAddToAccount(user)) return { ok: false, reason: 'not_eligible' };
  const clip = await findStockClip(db, clipId);
  if (!clip || !clip.qualities.some((q) => q.quality === quality))
    return { ok: false, reason: 'unknown' };
  await db.transaction(async (tx) => {
    await tx
      .insert(purchases)
      .values({ userId, clipId, quality, priceMinor: 0, currencyCode: clip.currencyCode })
      .onConflictDoNothing();
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.clipId, clipId),
          sql`${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`,
        ),
      );
  });
  return { ok: true, clip };
}

/**
 * The quality of a clip the user may download: the one they added it to their account in,
 * or the best (4K) for its creator; null when the clip is not theirs.
 */
export async function ownedQuality(
  db: Db,
  userId: number,
  clipId: number,
): Promise<StockQuality | null> {
  const [bought] = await db
    .select({ quality: purchases.quality })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.clipId, clipId)))
    .limit(1);
  if (bought) return bought.quality as StockQuality;
  const [made] = await db
    .select({ id: stockClips.videoId })
    .from(stockClips)
    .where(and(eq(stockClips.videoId, clipId), eq(stockClips.creatorId, userId)))
    .limit(1);
  return made ? '4K' : null;
}

/** A clip is the user's when they added it to their account or made it. */
export async function ownsClip(db: Db, userId: number, clipId: number): Promise<boolean> {
  return (await ownedQuality(db, userId, clipId)) !== null;
}

/** The clips a user added to their account, newest first, with the quality they chose. */
export async function listOwnedClips(
  db: Db,
  userId: number,
): Promise<{ clip: StockClip; quality: StockQuality }[]> {
  const owned = await db
    .select({ clipId: purchases.clipId, quality: purchases.quality })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  const clips = await findStockClips(
    db,
    owned.map((o) => o.clipId),
  );
  return clips.map((clip) => ({
    clip,
    quality: owned.find((o) => o.clipId === clip.video.id)!.quality as StockQuality,
  }));
}

/** The file each quality is sold as: HD is the 1080p rendition, 4K the source itself. */
const FILE_OF_QUALITY: Record<StockQuality, DownloadQuality> = { HD: 'hd', '4K': 'source' };

/** The stored file of a clip in `quality`; null when the clip has none in that quality (or it is archived). */
function downloadKey(clip: StockClip, quality: StockQuality): string | null {
  return (
    clip.files.find((f) => f.quality === FILE_OF_QUALITY[quality] && f.tier === 'hot')
      ?.storageKey ?? null
  );
}

/** The signed path that downloads the clip's file in `quality`, named after the clip; null when there is none at hand. */
export function downloadPath(clip: StockClip, quality: StockQuality): string | null {
  const key = downloadKey(clip, quality);
  return key
    ? signMediaPath(key, {
        secret: secret('media'),
        download: downloadFileName(clip.video.name, `${quality}.mp4`),
      })
    : null;
}
