/**
 * The search results page of a showcase (GET /showcase/{albumId}/search?q=&page=), decided
 * before rendering like the showcase page: through the one access path, so a viewer who
 * may not open the showcase meets the same screen and status here; the Contributor and
 * Viewer roles (no search, SPEC §6) and blank text (SPEC §5) go to the showcase page.
 */
import { withQuery } from '../../lib/carriedQuery.ts';
import type { Locale, Sort } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { SEARCH_PAGE_SIZE, clampPage, pageCount } from '../../lib/pagination.ts';
import type { SearchStatus } from '../../lib/searchState.ts';
import type { ViewerAbilities } from '../../lib/viewerAbilities.ts';
import { openShowcase, type DeniedView, type ShowcaseViewer } from '../access/showcaseAccess.ts';
import { getDb } from '../db/client.ts';
import { classifyError } from '../http/errorClassification.ts';
import { logger } from '../logger.ts';
import { albumJson, type AlbumJson, type VideoJson } from '../showcases/represent.ts';
import { ageGateView } from '../showcases/showcaseView.ts';
import type { AgeGateView } from '../showcases/viewResponse.ts';
import { normalizeSearchQuery, searchShowcaseVideos } from './searchShowcaseVideos.ts';

interface SearchView {
  kind: 'search';
  album: AlbumJson;
  status: Exclude<SearchStatus, 'idle'>;
  /** The text searched, normalized. */
  text: string;
  hits: VideoJson[];
  total: number;
  page: number;
  abilities: ViewerAbilities;
  shareable: boolean;
  /** The search could not be run. */
  failed?: true;
}

export type SearchViewResult =
  { kind: 'redirect'; location: string } | DeniedView | AgeGateView | SearchView;

export interface SearchRequest {
  albumId: number;
  locale: Locale;
  query: string | null;
  page: string | null;
  viewer: ShowcaseViewer;
}

export async function loadSearchView({
  albumId,
  locale,
  query,
  page: pageParam,
  viewer,
}: SearchRequest): Promise<SearchViewResult> {
  const db = await getDb();
  const access = await openShowcase(db, albumId, viewer);
  if (!access.open) return access.denied;
  const open = access.showcase;
  if (open.ageGate) return ageGateView(open);

  const showcasePath = withQuery(localizePath(locale, `/showcase/${albumId}`), viewer.carried);
  const text = normalizeSearchQuery(query);
  if (!open.abilities.search || text === '') return { kind: 'redirect', location: showcasePath };
  // The page is checked against the count once it is known: an impossible page goes to page 1.
  const firstPage = {
    kind: 'redirect' as const,
    location: withQuery(localizePath(locale, `/showcase/${albumId}/search`), viewer.carried, {
      q: text,
    }),
  };
  const asked = clampPage(pageParam, Number.MAX_SAFE_INTEGER);
  if (asked.outOfRange) return firstPage;

  const view: SearchView = {
    kind: 'search',
    album: albumJson(open.found),
    status: 'empty',
    text,
    hits: [],
    total: 0,
    page: asked.page,
    abilities: open.abilities,
    shareable: open.shareable,
  };
  try {
    const result = await searchShowcaseVideos(db, {
      showcaseId: albumId,
      query: text,
      page: asked.page,
      perPage: SEARCH_PAGE_SIZE,
      sort: open.found.showcase.sort as Sort,
    });
    if (asked.page > pageCount(result.total, SEARCH_PAGE_SIZE)) return firstPage;
    return {
      ...view,
      total: result.total,
      hits: result.items.map(open.present),
      status: result.items.length > 0 ? 'results' : 'empty',
    };
  } catch (error) {
    // A database out of reach is not a failed search: the whole page answers 503.
    if (classifyError(error) === 'unavailable') throw error;
    logger.error({ err: error, albumId }, 'showcase search failed');
    return { ...view, status: 'error', shareable: false, failed: true };
  }
}
