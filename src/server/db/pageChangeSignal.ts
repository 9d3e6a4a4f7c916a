/**
 * In-process word that what pages show has changed (src/server/db/pageChanges.ts hears it from
 * the database): the page cache and the short read caches under it forget what they hold.
 * The start script and the Astro bundle load this module apart, so the listeners live on
 * globalThis: a cache in the bundle hears what the start script's listener reports.
 */
const KEY = Symbol.for('vitrine.pageChangeListeners');
const holder = globalThis as { [KEY]?: Set<() => void> };
const listeners = (holder[KEY] ??= new Set());

/** Calls `listener` on every change; returns the unsubscribe. */
export function onPagesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function pagesChanged(): void {
  for (const listener of [...listeners]) listener();
}
