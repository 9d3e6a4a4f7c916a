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
import { asc, eq } from 'drizzle-orm';
import { textTracks } from '../db/schema.ts';
import { chatOfVideo, type VideoChat } from '../chat/chatStore.ts';
import { showcaseCovers, type ShowcaseCover } from './showcaseCovers.ts';
import {
  findShowcase,
  findShowcaseByDomain,
  findShowcaseVideo,
  listPublicShowcases,
  listShowcaseVideos,
  type ListOptions,
  type ShowcaseWithOwner,
  type VideoWithMedia,
} from './showcaseQueries.ts';

export const READ_TTL_MS = 3_000;

const showcases = createTtlCache<ShowcaseWithOwner | null>({ ttlMs: READ_TTL_MS, max: 1_000 });
const lists = createTtlCache<{ total: number; items: VideoWithMedia[] }>({
  ttlMs: READ_TTL_MS,
  max: 2_000,
});
const showcaseVideos = createTtlCache<VideoWithMedia | null>({ ttlMs: READ_TTL_MS, max: 5_000 });
const captions = createTtlCache<(typeof textTracks.$inferSelect)[]>({
  ttlMs: READ_TTL_MS,
  max: 5_000,
});
const videoChats = createTtlCache<VideoChat | null>({ ttlMs: READ_TTL_MS, max: 5_000 });
const domains = createTtlCache<number | null>({ ttlMs: READ_TTL_MS, max: 1_000 });
const publicShowcases = createTtlCache<Awaited<ReturnType<typeof listPublicShowcases>>>({
  ttlMs: READ_TTL_MS,
  max: 1,
});
const covers = createTtlCache<Map<number, ShowcaseCover>>({ ttlMs: READ_TTL_MS, max: 100 });

export function cachedFindShowcase(db: Db, id: number): Promise<ShowcaseWithOwner | null> {
  return showcases.get(String(id), () => findShowcase(db, id));
}

export function cachedListShowcaseVideos(
  db: Db,
  options: ListOptions,
): Promise<{ total: number; items: VideoWithMedia[] }> {
  const sort =
    typeof options.sort === 'string'
      ? options.sort
      : `${options.sort.by}.${options.sort.direction}`;
  const key = [options.showcaseId, sort, options.page, options.perPage, options.filter ?? ''].join(
    ':',
  );
  return lists.get(key, () => listShowcaseVideos(db, options));
}

/** A video of a showcase, as every video view reads it. */
export function cachedFindShowcaseVideo(
  db: Db,
  showcaseId: number,
  videoId: number,
): Promise<VideoWithMedia | null> {
  return showcaseVideos.get(`${showcaseId}:${videoId}`, () =>
    findShowcaseVideo(db, showcaseId, videoId),
  );
}

/** A video's text tracks, in the order the download menu lists them. */
export function cachedTextTracks(
  db: Db,
  videoId: number,
): Promise<(typeof textTracks.$inferSelect)[]> {
  return captions.get(String(videoId), () =>
    db
      .select()
      .from(textTracks)
      .where(eq(textTracks.videoId, videoId))
      .orderBy(asc(textTracks.displayName)),
  );
}

/** The chat a video view shows beside it, if any. */
export function cachedChatOfVideo(db: Db, videoId: number): Promise<VideoChat | null> {
  return videoChats.get(String(videoId), () => chatOfVideo(db, videoId));
}

/** The showcase a host name serves as its home page (a showcase's own domain), if any. */
export function cachedFindShowcaseByDomain(db: Db, host: string): Promise<number | null> {
  return domains.get(host.toLowerCase(), () => findShowcaseByDomain(db, host));
}

/** The showcases anyone may open, as the home page lists them. */
export function cachedPublicShowcases(db: Db): ReturnType<typeof listPublicShowcases> {
  return publicShowcases.get('all', () => listPublicShowcases(db));
}

/** The cover pictures of these showcases, as the home page's cards show them. */
export function cachedShowcaseCovers(
  db: Db,
  showcaseIds: readonly number[],
): Promise<Map<number, ShowcaseCover>> {
  return covers.get(showcaseIds.join(','), () => showcaseCovers(db, showcaseIds));
}

export function forgetShowcaseReads(): void {
  for (const cache of [
    showcases,
    lists,
    showcaseVideos,
    captions,
    videoChats,
    domains,
    publicShowcases,
    covers,
  ])
    cache.clear();
}

onPagesChanged(forgetShowcaseReads);
