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
 *
 * What a search costs does not grow with what it finds: it keeps the first MAX_SEARCH_MATCHES
 * matches in the showcase's arrangement (an index walk when matches are many, the trigram index
 * when they are few) and ranks only those, so its total counts at most MAX_SEARCH_MATCHES, as a
 * web search engine's does. Matching every video of a large showcase and ranking them all took
 * seconds at 20,000 videos.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Sort } from '../../lib/domain.ts';
import { MAX_SEARCH_MATCHES } from '../../lib/pagination.ts';
import type { SortSpec } from '../../lib/sortMap.ts';
import type { Db } from '../db/client.ts';
import { showcaseVideos, videos } from '../db/schema.ts';
import {
  orderFor,
  pageOfShowcaseVideos,
  playable,
  visibleInShowcase,
  type VideoWithMedia,
} from '../showcases/showcaseQueries.ts';

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
  const contains = sql`${searched} like ${pattern}`;
  // A substring anywhere, or a word close enough (pg_trgm word_similarity ≥ its 0.6 default):
  // both operators can use the trigram index.
  const matches = or(contains, sql`${folded} <% ${searched}`)!;
  const inShowcase = and(
    eq(showcaseVideos.showcaseId, options.showcaseId),
    eq(showcaseVideos.shown, true),
    visibleInShowcase(),
  );
  // The first matches in the arrangement: showcase_videos_shown_position_idx gives that order.
  const found = db
    .select({ id: showcaseVideos.videoId })
    .from(showcaseVideos)
    .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
    .where(and(inShowcase, options.filter === 'playable' ? playable() : undefined, matches))
    .orderBy(asc(showcaseVideos.position), asc(showcaseVideos.videoId))
    .limit(MAX_SEARCH_MATCHES);
  const where = and(inShowcase, inArray(videos.id, found));
  // A title holding the text first, then a description holding it, then close spellings by
  // similarity (computed for those alone: it is the dear part); as good, the album's order.
  const order = [
    desc(sql`${foldedName} like ${pattern}`),
    desc(contains),
    desc(sql`case when ${contains} then 1 else word_similarity(${folded}, ${searched}) end`),
    ...orderFor(options.sort),
  ];
  const total = () =>
    db
      .select({ n: count() })
      .from(found.as('found'))
      .then(([row]) => Number(row?.n ?? 0));
  return pageOfShowcaseVideos(db, where, order, options.page, options.perPage, total);
}
