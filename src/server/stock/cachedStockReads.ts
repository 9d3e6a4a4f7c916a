/**
 * The stock catalogue as its public pages read it, kept for a few seconds like the showcases'
 * reads (src/server/showcases/cachedReads.ts) and forgotten on every change the database
 * reports, so a page rendered for the page cache is not made of stale reads. A buyer's cart,
 * purchases and downloads read the catalogue live (stockQueries.ts).
 */
import { createTtlCache } from '../../lib/ttlCache.ts';
import type { Db } from '../db/client.ts';
import { onPagesChanged } from '../db/pageChangeSignal.ts';
import { READ_TTL_MS } from '../showcases/cachedReads.ts';
import {
  findCollection,
  findStockClip,
  listCollections,
  searchStockClips,
  type CollectionWithClips,
  type StockClip,
  type StockSearch,
} from './stockQueries.ts';

const collections = createTtlCache<(CollectionWithClips | null)[]>({ ttlMs: READ_TTL_MS, max: 1 });
const collection = createTtlCache<CollectionWithClips | null>({ ttlMs: READ_TTL_MS, max: 1_000 });
const clips = createTtlCache<StockClip | null>({ ttlMs: READ_TTL_MS, max: 5_000 });
const searches = createTtlCache<{ total: number; clips: StockClip[] }>({
  ttlMs: READ_TTL_MS,
  max: 2_000,
});

/** Every collection with its clips, in the catalogue's order: the stock landing page. */
export function cachedCollections(db: Db): Promise<(CollectionWithClips | null)[]> {
  return collections.get('all', async () =>
    Promise.all((await listCollections(db)).map((c) => findCollection(db, c.id))),
  );
}

export function cachedFindCollection(db: Db, id: number): Promise<CollectionWithClips | null> {
  return collection.get(String(id), () => findCollection(db, id));
}

export function cachedFindStockClip(db: Db, clipId: number): Promise<StockClip | null> {
  return clips.get(String(clipId), () => findStockClip(db, clipId));
}

export function cachedSearchStockClips(
  db: Db,
  search: StockSearch,
): Promise<{ total: number; clips: StockClip[] }> {
  return searches.get(`${search.creatorId ?? ''}:${search.page}:${search.perPage}`, () =>
    searchStockClips(db, search),
  );
}

onPagesChanged(() => {
  for (const cache of [collections, collection, clips, searches]) cache.clear();
});
