/**
 * Where a viewer goes next (SPEC §2 routes, §4 player showcase and video view). Pure, so
 * the server pages, the player island and the tests share one reading of each rule.
 * Paths come back without a locale prefix; callers localize them.
 */
import { withQuery, type CarriedQuery } from './carriedQuery.ts';
import type { Layout } from './domain.ts';

const ID = /^[1-9]\d{0,9}$/;

/** A video id from a query value or route parameter ('42'), or null. */
export function parseVideoId(raw: string | null | undefined): number | null {
  if (!raw || !ID.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The id at the end of a video uri (SPEC §3: "uri (ends videos/{id})"); null without one. */
export function videoIdOf(uri: string | null | undefined): number | null {
  const match = uri ? /\/videos\/(\d+)$/.exec(uri) : null;
  return match ? parseVideoId(match[1]) : null;
}

export function videoViewPath(albumId: number, videoId: number): string {
  return `/showcase/${albumId}/video/${videoId}`;
}

// ---------------------------------------------------------------------------------------
// Player showcase (SPEC §4: "Next wraps last to first, previous first to last.")

/** The index after `index` in a list of `count`, the first after the last. */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return -1;
  return (index + 1) % count;
}

/** The index before `index` in a list of `count`, the last before the first. */
export function previousIndex(index: number, count: number): number {
  if (count <= 0) return -1;
  return (index - 1 + count) % count;
}

/**
 * A move of the player: play a loaded video; load the next page and play its first video;
 * or load every page left and play the last video of the showcase.
 */
export type PlayerStep =
  { kind: 'play'; index: number } | { kind: 'loadMore' } | { kind: 'loadRest' };

/**
 * What Next does in the player: the following video; past the last loaded one, the next
 * page when there is one ('Load more' first, then its first video), else the first video.
 */
export function playerNext(index: number, loaded: number, hasMore: boolean): PlayerStep {
  if (index >= loaded - 1 && hasMore) return { kind: 'loadMore' };
  return { kind: 'play', index: nextIndex(index, loaded) };
}

/**
 * What Previous does in the player: the video before; before the first, the last video of
 * the whole showcase, loading the pages left when some are not loaded yet, so that Next
 * from there wraps back to the first.
 */
export function playerPrevious(index: number, loaded: number, hasMore: boolean): PlayerStep {
  if (index <= 0 && hasMore) return { kind: 'loadRest' };
  return { kind: 'play', index: previousIndex(index, loaded) };
}

/**
 * SPEC §4 "Player-ended message advances", under continuous play only (SPEC §7: the frame
 * gets autopause=0 then). Without it the player stays on the ended video.
 */
export function afterPlayerEnded(
  index: number,
  loaded: number,
  hasMore: boolean,
  continuousPlay: boolean,
): PlayerStep | null {
  return continuousPlay ? playerNext(index, loaded, hasMore) : null;
}

// ---------------------------------------------------------------------------------------
// Video view (SPEC §4: "In the video view on page 1 next/previous wrap; on later pages
// moving past the ends goes to the featured video.")

export interface VideoViewPlace {
  /** The list page the video stands on (1-based). */
  page: number;
  /** Ids of that page's videos, in showcase order. */
  pageVideoIds: readonly number[];
  videoId: number;
  /** The featured video: the first video of the showcase. */
  featuredId: number;
}

export interface Neighbours {
  previous: number | null;
  next: number | null;
}

/** Previous and next of the video view; null where the arrow would lead back to itself. */
export function videoViewNeighbours({
  page,
  pageVideoIds,
  videoId,
  featuredId,
}: VideoViewPlace): Neighbours {
  const index = pageVideoIds.indexOf(videoId);
  const count = pageVideoIds.length;
  if (index < 0)
    return {
      previous: featuredId === videoId ? null : featuredId,
      next: featuredId === videoId ? null : featuredId,
    };
  let previous: number;
  let next: number;
  if (page <= 1) {
    previous = pageVideoIds[previousIndex(index, count)]!;
    next = pageVideoIds[nextIndex(index, count)]!;
  } else {
    // SPEC §4: on later pages, past either end goes to the featured video.
    previous = index === 0 ? featuredId : pageVideoIds[index - 1]!;
    next = index === count - 1 ? featuredId : pageVideoIds[index + 1]!;
  }
  return { previous: previous === videoId ? null : previous, next: next === videoId ? null : next };
}

// ---------------------------------------------------------------------------------------
// The showcase address (SPEC §2)

/** SPEC §2: "page (default 1, ignored for live layout)". The ?page value that counts. */
export function effectivePageParam(layout: Layout, raw: string | null): string | null {
  return layout === 'live' ? null : raw;
}

/**
 * SPEC §2: "If video is present and the layout is not live, the browser goes to
 * /showcase/{albumId}/video/{video}." Null when the address stays (live, or no valid id).
 */
export function videoQueryRedirect(
  layout: Layout,
  albumId: number,
  rawVideo: string | null,
): string | null {
  if (layout === 'live') return null;
  const videoId = parseVideoId(rawVideo);
  return videoId === null ? null : videoViewPath(albumId, videoId);
}

/**
 * The album address a video view goes Back to (SPEC §4 "Back clears video and replaces
 * address with album address"): the list page the video stands on, carried query kept.
 */
export function albumAddress(basePath: string, page: number, carried: CarriedQuery): string {
  return withQuery(basePath, carried, { page: page > 1 ? String(page) : null });
}

/**
 * SPEC §2: "The list URL carries ?page={n}, added by history replace unless page is 1 or
 * a video query is present." The address to replace the current one with (path, query and
 * hash of `href`), or null when it stays as it is.
 */
export function listUrlToReplace(href: string, page: number, layout: Layout): string | null {
  const url = new URL(href, 'http://vitrine.invalid');
  if (layout === 'live' || page <= 1 || url.searchParams.has('video')) return null;
  if (url.searchParams.get('page') === String(page)) return null;
  url.searchParams.set('page', String(page));
  return url.pathname + url.search + url.hash;
}
