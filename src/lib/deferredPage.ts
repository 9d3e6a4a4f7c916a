/**
 * Paging by deferred join (src/server/showcases/showcaseQueries.ts): a page's ids are read
 * first, in the list's order, over indexes and bare rows; the heavy columns are then read for
 * those ids alone, in whatever order the database returns them, and put back in page order.
 */
import type { SortSpec } from './sortMap.ts';

/** A row of a page as the first read finds it: the video and its place in the showcase. */
export interface PagedId {
  id: number;
  position: number;
}

/** LIMIT and OFFSET of page `page` (from 1) of `perPage` rows; a page below 1 reads as the first. */
export function pageWindow(page: number, perPage: number): { limit: number; offset: number } {
  const limit = Math.max(0, Math.floor(perPage));
  const index = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return { limit, offset: (index - 1) * limit };
}

/**
 * Each paged id beside its row, in page order. An id whose row did not come back (deleted
 * between the two reads) drops out rather than leaving a hole.
 */
export function inPageOrder<P extends { id: number }, R>(
  page: readonly P[],
  rows: readonly R[],
  idOf: (row: R) => number,
): [P, R][] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return page.flatMap((paged) => {
    const row = byId.get(paged.id);
    return row === undefined ? [] : [[paged, row] as [P, R]];
  });
}

/**
 * The list can be paged over showcase_videos alone (its partial indexes of shown memberships):
 * the order's key lives on the membership (arranged, added), and no filter asks about the video.
 */
export function pagesOverMemberships(sort: SortSpec, filter: 'playable' | undefined): boolean {
  return filter === undefined && (sort.by === 'position' || sort.by === 'added');
}
