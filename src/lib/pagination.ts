/**
 * Paging arithmetic for showcase lists and search results (SPEC §2 ?page, §5 pager, §9 page
 * sizes). Pure so the server page and the island agree.
 */
import type { Layout } from './domain.ts';

/** SPEC §9: "Grid page size 12". */
export const GRID_PAGE_SIZE = 12;
/** SPEC §9: "Search page size 25" (also per_page of the search call, §7). */
export const SEARCH_PAGE_SIZE = 25;
/**
 * The matches one search finds and ranks at most (src/server/search/searchShowcaseVideos.ts):
 * ten pages of results. A total this large may stand for more, and says so.
 */
export const MAX_SEARCH_MATCHES = 250;

/** The range message of a search's results: '… of 250 or more' once its total reached the cap. */
export function searchRangeKey(total: number): 'range' | 'rangeAtLeast' {
  return total >= MAX_SEARCH_MATCHES ? 'rangeAtLeast' : 'range';
}

/**
 * Videos per page for a showcase layout. SPEC §9 mentions "24 for one layout value" without
 * naming it and says per-page by layout is otherwise not shown, so every layout uses 12.
 */
export function pageSizeFor(_layout: Layout): number {
  return GRID_PAGE_SIZE;
}

/** Number of pages; an empty list still has one (empty) page so '?page=1' is always valid. */
export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / Math.floor(perPage)));
}

const INTEGER = /^[+-]?\d+$/;

export interface ClampedPage {
  page: number;
  /**
   * True when a page was asked for but it is not a valid page of this list (non-numeric,
   * ≤ 0 or past the last page), so the caller should redirect to `page` rather than
   * render a URL that does not match what is shown.
   */
  outOfRange: boolean;
}

/** Reads '?page=' (SPEC §2: default 1). An absent or empty value is page 1, not an error. */
export function clampPage(raw: string | number | null | undefined, count: number): ClampedPage {
  const last = Math.max(1, Math.floor(Number.isFinite(count) ? count : 1));
  if (raw === null || raw === undefined) return { page: 1, outOfRange: false };
  const text = String(raw).trim();
  if (text === '') return { page: 1, outOfRange: false };
  if (!INTEGER.test(text)) return { page: 1, outOfRange: true };
  const n = Number(text);
  if (n < 1) return { page: 1, outOfRange: true };
  if (n > last) return { page: last, outOfRange: true };
  return { page: n, outOfRange: false };
}

export interface PageRange {
  from: number;
  to: number;
  total: number;
}

/**
 * Numbers for the label '{from} - {to} of {total}' (SPEC §2 grid showcase). Null for an
 * empty list, which shows 'No videos' instead of '0 - 0 of 0'. A page past the end is
 * treated as the last page.
 */
export function rangeOf(page: number, perPage: number, total: number): PageRange | null {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0)
    return null;
  const size = Math.floor(perPage);
  const count = pageCount(total, size);
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), count);
  const from = (current - 1) * size + 1;
  const to = Math.min(current * size, total);
  return { from, to, total };
}

export interface PagerState {
  visible: boolean;
  previousDisabled: boolean;
  nextDisabled: boolean;
}

/** SPEC §5: "Pager only if more than one page; Next disabled on last, previous on page 1." */
export function pagerState(page: number, count: number): PagerState {
  return {
    visible: count > 1,
    previousDisabled: page <= 1,
    nextDisabled: page >= count,
  };
}
