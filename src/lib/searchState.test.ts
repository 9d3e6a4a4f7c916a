import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSearchRunner,
  initialSearchState,
  isSearchOpen,
  SEARCH_DEBOUNCE_MS,
  transition,
  type SearchEvent,
  type SearchState,
} from './searchState.ts';

type Hit = { id: number };

function play(events: SearchEvent<Hit>[], from: SearchState<Hit> = initialSearchState()) {
  let state = from;
  let effects: ReturnType<typeof transition<Hit>>['effects'] = [];
  for (const event of events) ({ state, effects } = transition(state, event));
  return { state, effects };
}

describe('the search state machine', () => {
  it('starts idle and closed', () => {
    const state = initialSearchState<Hit>();
    expect(state.status).toBe('idle');
    expect(isSearchOpen(state.status)).toBe(false);
  });

  it('is searching as soon as text is typed, and waits the debounce before calling', () => {
    const { state, effects } = play([{ type: 'input', text: 'glass' }]);
    expect(state.status).toBe('searching');
    expect(isSearchOpen(state.status)).toBe(true);
    expect(effects).toEqual([{ type: 'cancel' }, { type: 'wait', ms: SEARCH_DEBOUNCE_MS }]);
  });

  it('calls with the trimmed text on page 1 once the debounce elapses', () => {
    const { state, effects } = play([{ type: 'input', text: '  glass ' }, { type: 'debounced' }]);
    expect(effects).toEqual([{ type: 'fetch', request: state.request, query: 'glass', page: 1 }]);
    expect(state.searched).toBe('glass');
  });

  it('restarts the debounce on every keystroke', () => {
    const { effects } = play([
      { type: 'input', text: 'gl' },
      { type: 'input', text: 'gla' },
    ]);
    expect(effects).toEqual([{ type: 'cancel' }, { type: 'wait', ms: SEARCH_DEBOUNCE_MS }]);
  });

  it('does not search again when only spacing changed', () => {
    const loaded = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]);
    const shown = transition(loaded.state, {
      type: 'loaded',
      request: loaded.state.request,
      items: [{ id: 1 }],
      total: 1,
    }).state;
    const { state, effects } = transition(shown, { type: 'input', text: 'glass ' });
    expect(effects).toEqual([]);
    expect(state.status).toBe('results');
    expect(state.query).toBe('glass ');
  });

  it('shows results, or empty when nothing matched', () => {
    const waiting = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]).state;
    expect(
      transition(waiting, {
        type: 'loaded',
        request: waiting.request,
        items: [{ id: 1 }],
        total: 1,
      }).state.status,
    ).toBe('results');
    expect(
      transition(waiting, { type: 'loaded', request: waiting.request, items: [], total: 0 }).state
        .status,
    ).toBe('empty');
  });

  it('shows the error state when the call fails', () => {
    const waiting = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]).state;
    const { state } = transition(waiting, { type: 'failed', request: waiting.request });
    expect(state.status).toBe('error');
  });

  it('drops the answer to a search the viewer has typed past', () => {
    const first = play([{ type: 'input', text: 'gla' }, { type: 'debounced' }]).state;
    const typing = transition(first, { type: 'input', text: 'glass' }).state;
    expect(
      transition(typing, { type: 'loaded', request: first.request, items: [{ id: 1 }], total: 1 })
        .state,
    ).toBe(typing);
    expect(transition(typing, { type: 'failed', request: first.request }).state).toBe(typing);
  });

  it('closes and resets when the text is emptied', () => {
    const { state, effects } = play([
      { type: 'input', text: 'glass' },
      { type: 'debounced' },
      { type: 'input', text: '   ' },
    ]);
    expect(state).toEqual(initialSearchState(state.request));
    expect(effects).toEqual([{ type: 'cancel' }]);
  });

  it('closes and resets on close, dropping the search in flight', () => {
    const waiting = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]).state;
    const { state, effects } = transition(waiting, { type: 'close' });
    expect(state.status).toBe('idle');
    expect(state.query).toBe('');
    expect(effects).toEqual([{ type: 'cancel' }]);
    expect(
      transition(state, { type: 'loaded', request: waiting.request, items: [{ id: 1 }], total: 1 })
        .state,
    ).toBe(state);
  });

  it('searches at once on submit, without waiting', () => {
    const { state, effects } = play([{ type: 'input', text: 'glass' }, { type: 'submit' }]);
    expect(effects).toEqual([
      { type: 'cancel' },
      { type: 'fetch', request: state.request, query: 'glass', page: 1 },
    ]);
    // The debounce that was pending no longer starts a second call.
    expect(transition(state, { type: 'debounced' }).effects).toEqual([]);
  });

  it('does not search blank text on submit', () => {
    const { state, effects } = play([{ type: 'submit' }]);
    expect(state.status).toBe('idle');
    expect(effects).toEqual([{ type: 'cancel' }]);
  });

  it('reloads the results when the page changes, and ignores the current or an impossible page', () => {
    const waiting = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]).state;
    const shown = transition(waiting, {
      type: 'loaded',
      request: waiting.request,
      items: [{ id: 1 }],
      total: 60,
    }).state;
    const { state, effects } = transition(shown, { type: 'page', page: 2 });
    expect(state.status).toBe('searching');
    expect(effects).toEqual([
      { type: 'cancel' },
      { type: 'fetch', request: state.request, query: 'glass', page: 2 },
    ]);
    expect(transition(shown, { type: 'page', page: 1 }).effects).toEqual([]);
    expect(transition(shown, { type: 'page', page: 0 }).effects).toEqual([]);
    expect(transition(initialSearchState<Hit>(), { type: 'page', page: 2 }).effects).toEqual([]);
  });

  it('starts again from page 1 when the text changes', () => {
    const waiting = play([{ type: 'input', text: 'glass' }, { type: 'debounced' }]).state;
    const shown = transition(waiting, {
      type: 'loaded',
      request: waiting.request,
      items: [{ id: 1 }],
      total: 60,
    }).state;
    const onTwo = transition(shown, { type: 'page', page: 2 }).state;
    const { state, effects } = play(
      [{ type: 'input', text: 'glass studio' }, { type: 'debounced' }],
      onTwo,
    );
    expect(effects).toEqual([
      { type: 'fetch', request: state.request, query: 'glass studio', page: 1 },
    ]);
  });
});

describe('given the runner with a debounce of 1 s', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(
    answer: (
      query: string,
      page: number,
    ) => Promise<{ items: Hit[]; total: number }> = async () => ({ items: [{ id: 1 }], total: 1 }),
  ) {
    const fetchPage = vi.fn((query: string, page: number, _signal: AbortSignal) =>
      answer(query, page),
    );
    const states: SearchState<Hit>[] = [];
    const runner = createSearchRunner<Hit>({ fetchPage, onChange: (s) => states.push(s) });
    return { runner, fetchPage, states };
  }

  it('calls once, 1 s after the last keystroke', async () => {
    const { runner, fetchPage } = setup();
    runner.dispatch({ type: 'input', text: 'g' });
    await vi.advanceTimersByTimeAsync(600);
    runner.dispatch({ type: 'input', text: 'gl' });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.slice(0, 2)).toEqual(['gl', 1]);
    expect(runner.state.status).toBe('results');
  });

  it('never calls for text emptied before the debounce elapsed', async () => {
    const { runner, fetchPage } = setup();
    runner.dispatch({ type: 'input', text: 'glass' });
    runner.dispatch({ type: 'input', text: '' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(runner.state.status).toBe('idle');
  });

  it('aborts the call in flight when closed, and ignores its answer', async () => {
    let release: (value: { items: Hit[]; total: number }) => void = () => {};
    const { runner, fetchPage } = setup(() => new Promise((resolve) => (release = resolve)));
    runner.dispatch({ type: 'input', text: 'glass' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const signal = fetchPage.mock.calls[0]![2];
    runner.dispatch({ type: 'close' });
    expect(signal.aborted).toBe(true);
    release({ items: [{ id: 1 }], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(runner.state.status).toBe('idle');
  });

  it('reports a failed call as the error state', async () => {
    const { runner } = setup(async () => {
      throw new Error('500');
    });
    runner.dispatch({ type: 'input', text: 'glass' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(runner.state.status).toBe('error');
  });

  it('goes idle → searching → results, telling each change once', async () => {
    const { runner, states } = setup();
    runner.dispatch({ type: 'input', text: 'glass' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(states.map((s) => s.status)).toEqual(['searching', 'searching', 'results']);
    runner.dispatch({ type: 'close' });
    runner.dispatch({ type: 'close' });
    expect(states.at(-1)?.status).toBe('idle');
    expect(states).toHaveLength(4);
  });
});
