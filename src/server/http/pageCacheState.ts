/**
 * What the renderer tells the page cache (pageCache.ts) about the page it is rendering. The
 * cache step runs the rest of the request inside this context; the Astro bundle loads this
 * module apart from the start script, so the storage lives on globalThis as the database does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface PageCacheState {
  /** The page is the same for every anonymous viewer of its class: it may be stored. */
  storable: boolean;
  /** Something of this viewer's own was rendered (a CSRF token): never stored. */
  personal: boolean;
}

const KEY = Symbol.for('vitrine.pageCacheState');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<PageCacheState> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<PageCacheState>());

/** Runs `next` (the rest of the request) with `state` as its page cache state. */
export function withPageCacheState(state: PageCacheState, next: () => void): void {
  storage.run(state, next);
}

/** The state of the request being rendered; undefined when the cache does not consider it. */
export function pageCacheState(): PageCacheState | undefined {
  return storage.getStore();
}
