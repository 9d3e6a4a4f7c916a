/**
 * In-process word that what pages show has changed (src/server/db/pageChanges.ts hears it from
 * the database): the page cache and the short read caches under it forget what they hold. A
 * change of a signed-in viewer's own things (drizzle/0010_viewer_changes.sql) is heard as
 * 'viewers': only the caches of viewers' reads forget theirs; a page change reaches those too,
 * since a viewer's account is shown on pages. The start script and the Astro bundle load this
 * module apart, so the listeners live on globalThis: a cache in the bundle hears what the start
 * script's listener reports.
 */
const KEY = Symbol.for('vitrine.pageChangeListeners');
const VIEWERS_KEY = Symbol.for('vitrine.viewerChangeListeners');
/** Told the table written, or nothing when changes may have been missed. */
type PageListener = (table?: string) => void;
const holder = globalThis as { [KEY]?: Set<PageListener>; [VIEWERS_KEY]?: Set<() => void> };
const listeners = (holder[KEY] ??= new Set());
const viewerListeners = (holder[VIEWERS_KEY] ??= new Set());

/** The database's word for a change of viewers' own things, not of any page. */
const VIEWERS_CHANGED = 'viewers';

/** Calls `listener` on every change of a page, with the table written; returns the unsubscribe. */
export function onPagesChanged(listener: PageListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Calls `listener` on every change of a viewer's own things or of a page; returns the unsubscribe. */
export function onViewersChanged(listener: () => void): () => void {
  viewerListeners.add(listener);
  return () => void viewerListeners.delete(listener);
}

/** `what` changed: a table's name, VIEWERS_CHANGED, or nothing when changes may have been missed. */
export function pagesChanged(what?: string): void {
  if (what === VIEWERS_CHANGED) {
    for (const listener of [...viewerListeners]) listener();
    return;
  }
  for (const listener of [...listeners]) listener(what);
  for (const listener of [...viewerListeners]) listener();
}
