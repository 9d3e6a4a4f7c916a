/**
 * Search inside one showcase (SPEC §2 search field, §7 `query` of GET /albums/{albumId}/videos,
 * §9 page size 25). Title and description are compared after vitrine_search_fold() (lower
 * case, no accents, NFKC; created by migration 0001_search_index), as a substring or as a
 * close trigram match, so "cafe" finds "Café", "harbor" finds "Harbour" and "夜明け" finds
 * "港の夜明け" without any word splitting.
 *
 * Access to the showcase is decided by the caller, exactly as for the plain list; inside it
 * the same visibility rule as the list applies, so search never shows what the grid hides.
 * Results are never cached: the query space is unbounded.
 */
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Sort } from '../../lib/domain.ts';
import type { SortSpec } from '../../lib/sortMap.ts';
import type { Db } from '../db/client.ts';
import { showcaseVideos, videos } from '../db/schema.ts';
import { orderFor, pageOfShowcaseVideos, playable, visibleInShowcase, type VideoWithMedia } from '../showcases/showcaseQueries.ts';

/** Longest query text we compare; longer text is cut, never an error. */
export const MAX_SEARCH_QUERY_LENGTH = 200;

export interface SearchOptions {
  showcaseId: number;
  /** The viewer's text, as typed. Blank text finds nothing (SPEC §5: search runs only for non-empty text). */
  query: string;
  page: number;
  perPage: number;
  /** The showcase's sort: equally similar videos keep the album's order. */
  sort: Sort | SortSpec;
  filter?: 'playable' | undefined;
}

export interface SearchPage {
  total: number;
  items: VideoWithMedia[];
}

/**
 * The text a query is made of: control characters (a NUL, which no database text may hold)
 * read as spaces, trimmed, inner whitespace collapsed, at most MAX_SEARCH_QUERY_LENGTH characters.
 */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  const text = (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, MAX_SEARCH_QUERY_LENGTH).join('').trim();
}

/** What is searched: the stored folded title and description the trigram index videos_search_idx holds. */
const searched = videos.searchText;
const foldedName = videos.searchName;

/**
 * `%text%` for LIKE with the viewer's %, _ and \ taken literally. Escaping happens after
 * folding, because NFKC turns full-width ％ and ＿ into % and _.
 */
function containsPattern(folded: SQL): SQL {
  return sql`'%' || replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

export async function searchShowcaseVideos(db: Db, options: SearchOptions): Promise<SearchPage> {
  const text = normalizeSearchQuery(options.query);
  if (text === '') return { total: 0, items: [] };
  const folded = sql`vitrine_search_fold(${text}::text)`;
  const pattern = containsPattern(folded);
  // A substring anywhere, or a word close enough (pg_trgm word_similarity ≥ its 0.6 default):
  // both operators can use the GIN trigram index.
  const matches = or(sql`${searched} like ${pattern}`, sql`${folded} <% ${searched}`)!;
  const where = and(
    eq(showcaseVideos.showcaseId, options.showcaseId),
    visibleInShowcase(),
    options.filter === 'playable' ? playable() : undefined,
    matches,
  );
  // Most similar first; as similar, a title match before a description match; then the album's order.
  const order = [desc(sql`word_similarity(${folded}, ${searched})`), desc(sql`${foldedName} like ${pattern}`), ...orderFor(options.sort)];
  return pageOfShowcaseVideos(db, where, order, options.page, options.perPage);
}
