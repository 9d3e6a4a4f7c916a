/**
 * Showcase reads shared by every viewer, kept for a few seconds (src/lib/ttlCache.ts). Only
 * data that is the same for everyone is cached: access is still decided per request on it.
 * Writes to a showcase call forgetShowcaseReads() so this process never serves a stale
 * privacy setting, and every change the database reports to any node forgets them too
 * (pageChangeSignal.ts), so a page rendered for the page cache is not made of stale reads.
 */
import { createTtlCache } from '../../lib/ttlCache.ts';
import type { Db } from '../db/client.ts';
import { onPagesChanged } from '../db/pageChangeSignal.ts';
import { findShowcase, listShowcaseVideos, type ListOptions, type ShowcaseWithOwner, type VideoWithMedia } from './showcaseQueries.ts';

export const READ_TTL_MS = 3_000;

const showcases = createTtlCache<ShowcaseWithOwner | null>({ ttlMs: READ_TTL_MS, max: 1_000 });
const lists = createTtlCache<{ total: number; items: VideoWithMedia[] }>({ ttlMs: READ_TTL_MS, max: 2_000 });

export function cachedFindShowcase(db: Db, id: number): Promise<ShowcaseWithOwner | null> {
  return showcases.get(String(id), () => findShowcase(db, id));
}

export function cachedListShowcaseVideos(db: Db, options: ListOptions): Promise<{ total: number; items: VideoWithMedia[] }> {
  const sort = typeof options.sort === 'string' ? options.sort : `${options.sort.by}.${options.sort.direction}`;
  const key = [options.showcaseId, sort, options.page, options.perPage, options.filter ?? ''].join(':');
  return lists.get(key, () => listShowcaseVideos(db, options));
}

export function forgetShowcaseReads(): void {
  showcases.clear();
  lists.clear();
}

onPagesChanged(forgetShowcaseReads);
