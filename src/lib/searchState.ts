/**
 * The showcase search as a state machine (SPEC §4 "Search: idle, searching on input, then
 * results, empty or error. Closing resets. Starting a video closes search. Page change
 * reloads."; §5 "Search runs only for non-empty text; empty closes search"; §9 page size 25,
 * debounce 1 s).
 *
 * `transition` is pure: it returns the next state and the effects to run (wait, fetch,
 * cancel). `createSearchRunner` runs those effects with setTimeout and an AbortController
 * around an injected fetch, so tests drive it with fake timers and a fake fetch.
 */

/** SPEC §9: "search debounce 1 s". */
export const SEARCH_DEBOUNCE_MS = 1_000;

export type SearchStatus = 'idle' | 'searching' | 'results' | 'empty' | 'error';

export interface SearchState<T> {
  status: SearchStatus;
  /** The text as typed (the field shows it); searches use it trimmed. */
  query: string;
  /** The trimmed text of the last search started, '' before any. */
  searched: string;
  page: number;
  items: T[];
  total: number;
  /** Number of the newest search started: answers to older ones are dropped. */
  request: number;
}

export type SearchEvent<T> =
  | { type: 'input'; text: string }
  /** Enter in the field: search now instead of waiting for the debounce. */
  | { type: 'submit' }
  /** The debounce has elapsed since the last input. */
  | { type: 'debounced' }
  | { type: 'page'; page: number }
  | { type: 'loaded'; request: number; items: T[]; total: number }
  | { type: 'failed'; request: number }
  /** The close button, Escape, or a video starting. */
  | { type: 'close' };

type SearchEffect =
  /** (Re)start the debounce timer. */
  | { type: 'wait'; ms: number }
  /** Stop the debounce timer and drop the search in flight. */
  | { type: 'cancel' }
  | { type: 'fetch'; request: number; query: string; page: number };

export interface Transition<T> {
  state: SearchState<T>;
  effects: SearchEffect[];
}

export function initialSearchState<T>(request = 0): SearchState<T> {
  return { status: 'idle', query: '', searched: '', page: 1, items: [], total: 0, request };
}

/** Whether the results view is showing (it replaces the grid while it is). */
export function isSearchOpen(status: SearchStatus): boolean {
  return status !== 'idle';
}

function fetchNow<T>(state: SearchState<T>, page: number): Transition<T> {
  const request = state.request + 1;
  const query = state.query.trim();
  return {
    state: { ...state, status: 'searching', searched: query, page, request },
    effects: [{ type: 'fetch', request, query, page }],
  };
}

export function transition<T>(
  state: SearchState<T>,
  event: SearchEvent<T>,
  debounceMs = SEARCH_DEBOUNCE_MS,
): Transition<T> {
  switch (event.type) {
    case 'input': {
      const text = event.text.trim();
      // SPEC §5: empty text closes search.
      if (text === '')
        return { state: initialSearchState(state.request + 1), effects: [{ type: 'cancel' }] };
      // Only spacing changed: the search shown (or on its way) is already for this text.
      const pendingSame = state.status === 'searching' && state.searched === text;
      const shownSame =
        (state.status === 'results' || state.status === 'empty') && state.searched === text;
      if (pendingSame || shownSame) return { state: { ...state, query: event.text }, effects: [] };
      // Searching starts at once (the view says so); the call waits for the typing to pause.
      return {
        state: {
          ...state,
          status: 'searching',
          query: event.text,
          searched: '',
          page: 1,
          request: state.request + 1,
        },
        effects: [{ type: 'cancel' }, { type: 'wait', ms: debounceMs }],
      };
    }
    case 'submit': {
      if (state.query.trim() === '')
        return { state: initialSearchState(state.request + 1), effects: [{ type: 'cancel' }] };
      const next = fetchNow(state, 1);
      return { state: next.state, effects: [{ type: 'cancel' }, ...next.effects] };
    }
    case 'debounced':
      // Only a search still waiting for its text starts; a submit may have started it already.
      if (state.status !== 'searching' || state.searched !== '' || state.query.trim() === '')
        return { state, effects: [] };
      return fetchNow(state, state.page);
    case 'page': {
      // SPEC §4: a page change reloads the results.
      if (
        state.status === 'idle' ||
        state.searched === '' ||
        !Number.isInteger(event.page) ||
        event.page < 1 ||
        event.page === state.page
      )
        return { state, effects: [] };
      const next = fetchNow(state, event.page);
      return { state: next.state, effects: [{ type: 'cancel' }, ...next.effects] };
    }
    case 'loaded':
      if (event.request !== state.request || state.status !== 'searching')
        return { state, effects: [] };
      return {
        state: {
          ...state,
          status: event.items.length > 0 ? 'results' : 'empty',
          items: event.items,
          total: event.total,
        },
        effects: [],
      };
    case 'failed':
      if (event.request !== state.request || state.status !== 'searching')
        return { state, effects: [] };
      return { state: { ...state, status: 'error', items: [], total: 0 }, effects: [] };
    case 'close':
      if (state.status === 'idle' && state.query === '') return { state, effects: [] };
      return { state: initialSearchState(state.request + 1), effects: [{ type: 'cancel' }] };
  }
}

export interface SearchRunnerOptions<T> {
  /** One page of results for the trimmed text; rejects on failure. */
  fetchPage: (
    query: string,
    page: number,
    signal: AbortSignal,
  ) => Promise<{ items: T[]; total: number }>;
  /** Called after every change of state. */
  onChange: (state: SearchState<T>) => void;
  debounceMs?: number;
}

export interface SearchRunner<T> {
  dispatch: (event: SearchEvent<T>) => void;
  readonly state: SearchState<T>;
}

export function createSearchRunner<T>({
  fetchPage,
  onChange,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: SearchRunnerOptions<T>): SearchRunner<T> {
  let state = initialSearchState<T>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  function run(effect: SearchEffect): void {
    switch (effect.type) {
      case 'cancel':
        clearTimeout(timer);
        timer = undefined;
        inFlight?.abort();
        inFlight = undefined;
        return;
      case 'wait':
        clearTimeout(timer);
        timer = setTimeout(() => {
          timer = undefined;
          dispatch({ type: 'debounced' });
        }, effect.ms);
        return;
      case 'fetch': {
        inFlight?.abort();
        const controller = new AbortController();
        inFlight = controller;
        const { request } = effect;
        fetchPage(effect.query, effect.page, controller.signal).then(
          ({ items, total }) => {
            if (!controller.signal.aborted) dispatch({ type: 'loaded', request, items, total });
          },
          () => {
            if (!controller.signal.aborted) dispatch({ type: 'failed', request });
          },
        );
        return;
      }
    }
  }

  function dispatch(event: SearchEvent<T>): void {
    const next = transition(state, event, debounceMs);
    if (next.state === state && next.effects.length === 0) return;
    state = next.state;
    for (const effect of next.effects) run(effect);
    onChange(state);
  }

  return {
    dispatch,
    get state() {
      return state;
    },
  };
}
