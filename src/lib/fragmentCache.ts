/**
 * Markup kept by the inputs it was rendered from, so a page renders a part it has rendered
 * before (a video's card, on the grid after a write to another video) as one string instead of
 * a dozen components. The key is the inputs themselves, serialized: an entry can be evicted
 * but never stale, and nothing has to be told when the data changes.
 *
 * Only markup that Astro writes nowhere else may be kept: an island or a script is emitted
 * once per page with the loader it needs, so a fragment holding one would leave another page
 * without it (or with it twice). Such markup is rendered every time instead.
 */
import { createPageCacheStore } from './pageCacheStore.ts';

export interface FragmentCache {
  get(key: string): string | undefined;
  /** Keeps `html` unless it holds what Astro emits once per page or is larger than the whole cache; says whether it did. */
  set(key: string, html: string): boolean;
  readonly size: number;
}

/** The key of a fragment: what it is, the locale its strings come from and every input it renders. */
export function fragmentKey(name: string, locale: string, inputs: unknown): string {
  return `${name}\n${locale}\n${JSON.stringify(inputs)}`;
}

const PER_PAGE_MARKUP = /<(script|style|astro-island|link)\b/i;

/** Whether markup may be reused on other pages: it holds no script, island, style or link. */
export function isReusableMarkup(html: string): boolean {
  return !PER_PAGE_MARKUP.test(html);
}

/**
 * A cache of fragments whose markup and keys come to at most `maxChars` characters, the least
 * recently used going first: a page's many addresses (each query its own footer) cost memory
 * by their size, not their number. It is the page cache's store without its clock or its
 * generations: a fragment's key is its inputs, so no change has to forget it.
 */
export function createFragmentCache(maxChars: number): FragmentCache {
  if (!Number.isInteger(maxChars) || maxChars < 1)
    throw new RangeError(`maxChars must be a positive integer, got ${maxChars}`);
  const store = createPageCacheStore<{ html: string; bytes: number }>({
    maxEntries: Infinity,
    maxBytes: maxChars,
    ttlMs: Infinity,
  });
  return {
    get: (key) => store.get(key, 0)?.html,
    set(key, html) {
      if (!isReusableMarkup(html)) return false;
      // Sized in characters, key included: what the entry keeps alive.
      return store.put(key, { html, bytes: key.length + html.length }, store.generation, 0);
    },
    get size() {
      return store.size;
    },
  };
}
