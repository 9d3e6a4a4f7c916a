/**
 * Writes the demo stock catalogue (demoStock.ts) after the rest of the demo: clips made by
 * the media module like every other demo video (rendered with them, seedDemo.ts), sold by the
 * demo owner, in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import {
  showcases,
  showcaseVideos,
  stockClipQualities,
  stockClips,
  stockCollectionClips,
  stockCollections,
  users,
  videoFiles,
  videoPictures,
  videos,
} from '../db/schema.ts';
import { produceDemoVideo, type DemoVideo as DemoVideoAssets } from '../media/demoMedia.ts';
import type { MediaStorage } from '../media/storage.ts';
import { DEMO_ACCOUNTS, DEMO_SHOWCASES } from './demoCatalogue.ts';
import {
  DEMO_STOCK_CLIPS,
  DEMO_STOCK_COLLECTIONS,
  DEMO_STOCK_CURRENCY,
  DEMO_STOCK_QUALITY_SPECS,
  STOCK_RENDER,
  type DemoStockClip,
} from './demoStock.ts';

/** Footage seeds apart from the showcase videos', so every clip looks its own. */
const FOOTAGE_SEED_BASE = 500;

/**
 * The i-th stock clip's media, rendered at the sizes it is sold at: the 4K source and a 1080p
 * H.264 rendition (demoStock.ts). The demo seed renders these beside its videos (seedDemo.ts).
 */
export function produceStockClip(
  clip: DemoStockClip,
  i: number,
  storage: MediaStorage,
): Promise<DemoVideoAssets> {
  return produceDemoVideo({
    key: `demo/stock-${clip.key}`,
    seed: FOOTAGE_SEED_BASE + i,
    durationSeconds: clip.duration,
    label: clip.title,
    storage,
    ...STOCK_RENDER,
  });
}

/** Writes the stock catalogue with each clip's media, by clip key. */
export async function seedStock(media: ReadonlyMap<string, DemoVideoAssets>): Promise<void> {
  const db = await getDb();
  const ownerEmail = DEMO_ACCOUNTS.find((a) => a.key === 'owner')!.email;
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ownerEmail))
      .limit(1);
    const creatorId = owner!.id;
    const clipIds = new Map<string, number>();
    for (const clip of DEMO_STOCK_CLIPS) {
      const assets = media.get(clip.key)!;
      const [row] = await tx
        .insert(videos)
        .values({
          ownerId: creatorId,
          name: clip.title,
          description: clip.description,
          duration: clip.duration,
          width: assets.width,
          height: assets.height,
          type: 'stock',
          isFree: clip.isFree,
          privacyView: 'stock',
        })
        .returning({ id: videos.id });
      const videoId = row!.id;
      clipIds.set(clip.key, videoId);
      await tx.insert(videoFiles).values(
        assets.files.map(({ quality, mime, width, height, size, storageKey }) => ({
          videoId,
          quality,
          mime,
          width,
          height,
          size,
          storageKey,
        })),
      );
      await tx.insert(videoPictures).values(assets.pictures.map((p) => ({ videoId, ...p })));
      await tx.insert(stockClips).values({ videoId, creatorId, currencyCode: DEMO_STOCK_CURRENCY });
      await tx.insert(stockClipQualities).values(
        clip.qualities.map((q) => ({
          clipId: videoId,
          quality: q.quality,
          productId: `stock-${clip.key}-${q.quality.toLowerCase()}`,
          ...DEMO_STOCK_QUALITY_SPECS[q.quality],
          priceMinor: q.priceMinor,
          discountedPriceMinor: q.discountedPriceMinor ?? null,
        })),
      );
    }
    for (const collection of DEMO_STOCK_COLLECTIONS) {
      const [row] = await tx
        .insert(stockCollections)
        .values({ name: collection.name, description: collection.description })
        .returning({ id: stockCollections.id });
      await tx.insert(stockCollectionClips).values(
        collection.clips.map((key, i) => ({
          collectionId: row!.id,
          clipId: clipIds.get(key)!,
          position: i + 1,
        })),
      );
    }
    // Stock clips sitting in a showcase, after its own videos.
    for (const demo of DEMO_SHOWCASES.filter((s) => s.stockClips?.length)) {
      const [showcase] = await tx
        .select({ id: showcases.id })
        .from(showcases)
        .where(and(eq(showcases.ownerId, creatorId), eq(showcases.name, demo.name)))
        .limit(1);
      await tx.insert(showcaseVideos).values(
        demo.stockClips!.map((key, i) => ({
          showcaseId: showcase!.id,
          videoId: clipIds.get(key)!,
          position: demo.videos.length + i + 1,
        })),
      );
    }
  });
}
