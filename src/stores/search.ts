/**
 * The showcase search, shared by the islands of a showcase page: the search island writes
 * it, anything else may read it (the grid hides while it is open). The state machine is
 * src/lib/searchState.ts; this module runs it against GET /api/albums/{albumId}/videos?query=
 * (SPEC §7, 25 per page) and keeps its outcome in signals.
 */
import { batch, computed, effect, signal } from '@preact/signals-core';
import ky from 'ky';
import { apiQuery, type CarriedQuery } from '../lib/carriedQuery.ts';
import type { ContentLock } from '../lib/contentGates.ts';
import { ALBUM_VIDEOS_API_VERSION, apiAcceptHeader } from '../lib/apiAccept.ts';
import { appAddress, currentPage } from '../lib/appAddress.ts';
import { SEARCH_PAGE_SIZE } from '../lib/pagination.ts';
import {
  createSearchRunner,
  isSearchOpen,
  type SearchRunner,
  type SearchState,
  type SearchStatus,
} from '../lib/searchState.ts';
import { currentVideo } from './player.ts';
import { useSignal } from './useSignal.ts';

/** The part of a video (SPEC §3) a search result shows: what `fields` asks the API for. */
export interface SearchHit {
  uri: string;
  name: string;
  description: string;
  /** /showcase/{albumId}/video/{videoId}. */
  link: string;
  duration: number;
  pictures: { sizes: { width: number; height: number; link: string }[] };
  user: { name: string };
  content_rating_class: 'safe' | 'mature' | 'unrated';
  /** Set when this viewer may not watch it: shown locked, with no picture (src/lib/contentGates.ts). */
  content_lock: ContentLock | null;
}

export interface SearchResults {
  items: SearchHit[];
  total: number;
  page: number;
}

const SEARCH_FIELDS =
  'uri,name,description,link,duration,pictures.sizes,user.name,content_rating_class,content_lock';

/** The text in the search field. */
export const searchQuery = signal('');
/** SPEC §4: idle, searching, results, empty or error. */
export const searchStatus = signal<SearchStatus>('idle');
/** The page of results showing (empty unless status is results). */
export const searchResults = signal<SearchResults>({ items: [], total: 0, page: 1 });
/** The dark results view is open, and replaces the grid, while this is true. */
export const searchOpen = computed(() => isSearchOpen(searchStatus.value));

export interface SearchSource {
  albumId: number;
  /** The showcase address's carried query: the API gets its share hash, referrer and is_embed. */
  carried?: CarriedQuery | undefined;
}

let runner: SearchRunner<SearchHit> | null = null;
let connected = '';

function publish(state: SearchState<SearchHit>): void {
  batch(() => {
    searchQuery.value = state.query;
    searchStatus.value = state.status;
    searchResults.value = { items: state.items, total: state.total, page: state.page };
  });
}

async function fetchPage(
  source: SearchSource,
  query: string,
  page: number,
  signal: AbortSignal,
): Promise<{ items: SearchHit[]; total: number }> {
  const searchParams: Record<string, string | number> = {
    ...apiQuery(source.carried ?? {}),
    query,
    page,
    per_page: SEARCH_PAGE_SIZE,
    fields: SEARCH_FIELDS,
  };
  const body = await ky
    .get(appAddress(`/api/albums/${source.albumId}/videos`, currentPage()), {
      searchParams,
      headers: { Accept: apiAcceptHeader('video', ALBUM_VIDEOS_API_VERSION) },
      credentials: 'same-origin',
      signal,
      retry: 0,
      timeout: 15_000,
    })
    .json<{ total: number; data: SearchHit[] }>();
  // The API's links are whole (Vimeo's shape); result links keep the viewer's locale prefix on their path.
  return {
    items: body.data.map((hit) => ({ ...hit, link: new URL(hit.link, location.href).pathname })),
    total: body.total,
  };
}

/** Points the search at a showcase; the island calls it once when it mounts. */
export function connectSearch(source: SearchSource): void {
  const key = `${source.albumId}:${new URLSearchParams(apiQuery(source.carried ?? {}))}`;
  if (runner && connected === key) return;
  runner?.dispatch({ type: 'close' });
  connected = key;
  runner = createSearchRunner<SearchHit>({
    fetchPage: (query, page, abort) => fetchPage(source, query, page, abort),
    onChange: publish,
  });
  publish(runner.state);
}

export function inputSearch(text: string): void {
  runner?.dispatch({ type: 'input', text });
}

/** Enter: search now rather than after the debounce. */
function submitSearch(): void {
  runner?.dispatch({ type: 'submit' });
}

function changeSearchPage(page: number): void {
  runner?.dispatch({ type: 'page', page });
}

/** Closing resets: the text, the results and any search in flight (SPEC §4). */
export function closeSearch(): void {
  runner?.dispatch({ type: 'close' });
}

// SPEC §4: starting a video closes search.
effect(() => {
  if (currentVideo.value !== null) closeSearch();
});

export interface UseSearch {
  query: string;
  status: SearchStatus;
  results: SearchResults;
  open: boolean;
  input: typeof inputSearch;
  submit: typeof submitSearch;
  changePage: typeof changeSearchPage;
  close: typeof closeSearch;
}

/** The search state and its actions, for a React island. */
export function useSearch(): UseSearch {
  return {
    query: useSignal(searchQuery),
    status: useSignal(searchStatus),
    results: useSignal(searchResults),
    open: useSignal(searchOpen),
    input: inputSearch,
    submit: submitSearch,
    changePage: changeSearchPage,
    close: closeSearch,
  };
}
