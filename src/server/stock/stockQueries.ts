/**
 * Reads of the stock catalogue: clips with their qualities and media, collections, the paged
 * search with its creator filter. Pages and the API read through here alike.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  stockClipQualities,
  stockClips,
  stockCollectionClips,
  stockCollections,
  users,
  videos,
} from '../db/schema.ts';
import {
  media,
  parsed,
  type FileRef,
  type PictureRef,
  type UserRow,
  type VideoRow,
} from '../showcases/showcaseQueries.ts';

export type StockQualityRow = typeof stockClipQualities.$inferSelect;
export type StockCollectionRow = typeof stockCollections.$inferSelect;

export interface StockClip {
  video: VideoRow;
  creator: UserRow;
  currencyCode: string;
  qualities: StockQualityRow[];
  pictures: PictureRef[];
  files: FileRef[];
}

const QUALITY_ORDER = ['HD', '4K'];

const ready = () => and(eq(videos.type, 'stock'), eq(videos.status, 'ready'));

async function withQualities(
  db: Db,
  where: SQL,
  order: SQL[],
  limit?: number,
  offset = 0,
): Promise<StockClip[]> {
  const query = db
    .select({ video: videos, creator: users, currencyCode: stockClips.currencyCode, ...media })
    .from(stockClips)
    .innerJoin(videos, eq(videos.id, stockClips.videoId))
    .innerJoin(users, eq(users.id, stockClips.creatorId))
    .where(and(ready(), where))
    .orderBy(...order)
    .offset(offset);
  const rows = limit === undefined ? await query : await query.limit(limit);
  if (rows.length === 0) return [];
  const qualities = await db
    .select()
    .from(stockClipQualities)
    .where(
      inArray(
        stockClipQualities.clipId,
        rows.map((r) => r.video.id),
      ),
    );
  return rows.map((row) => ({
    video: row.video,
    creator: row.creator,
    currencyCode: row.currencyCode,
    pictures: parsed(row.pictures),
    files: parsed(row.files),
    qualities: qualities
      .filter((q) => q.clipId === row.video.id)
      .sort((a, b) => QUALITY_ORDER.indexOf(a.quality) - QUALITY_ORDER.indexOf(b.quality)),
  }));
}

export async function findStockClip(db: Db, clipId: number): Promise<StockClip | null> {
  const [clip] = await withQualities(db, eq(videos.id, clipId), [], 1);
  return clip ?? null;
}

/** Clips by id, in the order asked; ids of no stock clip are left out. */
export async function findStockClips(db: Db, clipIds: readonly number[]): Promise<StockClip[]> {
  if (clipIds.length === 0) return [];
  const found = await withQualities(db, inArray(videos.id, [...clipIds]), []);
  return clipIds.flatMap((id) => found.filter((c) => c.video.id === id));
}

export interface CollectionWithClips {
  collection: StockCollectionRow;
  clips: StockClip[];
}

export async function listCollections(db: Db): Promise<StockCollectionRow[]> {
  return db.select().from(stockCollections).orderBy(asc(stockCollections.id));
}

export async function findCollection(db: Db, id: number): Promise<CollectionWithClips | null> {
  const [collection] = await db
    .select()
    .from(stockCollections)
    .where(eq(stockCollections.id, id))
    .limit(1);
  if (!collection) return null;
  const clipRow = sql`from ${stockCollectionClips}
    where ${stockCollectionClips.collectionId} = ${id} and ${stockCollectionClips.clipId} = ${videos.id}`;
  const clips = await withQualities(db, sql`exists (select 1 ${clipRow})`, [
    sql`(select ${stockCollectionClips.position} ${clipRow})`,
  ]);
  return { collection, clips };
}

export interface StockSearch {
  page: number;
  perPage: number;
  /** Only clips of this creator (filter_user=/user/{id}). */
  creatorId?: number | null | undefined;
}

export async function searchStockClips(
  db: Db,
  { page, perPage, creatorId }: StockSearch,
): Promise<{ total: number; clips: StockClip[] }> {
  const where = creatorId ? eq(stockClips.creatorId, creatorId) : sql`true`;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockClips)
    .innerJoin(videos, eq(videos.id, stockClips.videoId))
    .where(and(ready(), where));
  const clips = await withQualities(
    db,
    where,
    [desc(videos.createdAt), asc(videos.id)],
    perPage,
    (page - 1) * perPage,
  );
  return { total: Number(counted?.n ?? 0), clips };
}

export async function findCreator(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
