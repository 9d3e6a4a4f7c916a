/**
 * A small time-bounded cache for async reads, with single flight: concurrent misses for one
 * key share one load. Public showcase pages already tell browsers and CDNs they may be 60 s
 * old; a few seconds here spares the database the same read under a burst of viewers.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  /** Entries kept at most; the oldest is dropped first. */
  max: number;
  now?: () => number;
}

export interface TtlCache<V> {
  /** The cached value of `key`, or the result of `load` (cached when it resolves). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

export function createTtlCache<V>({ ttlMs, max, now = Date.now }: TtlCacheOptions): TtlCache<V> {
  // A load in flight never expires; its lifetime starts when it resolves, so a slow load is
  // not already stale when it arrives.
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      entries.delete(key);
      const value = load();
      const entry = { value, expires: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      value.then(
        () => {
          entry.expires = now() + ttlMs;
        },
        // A failed load is not kept: the next request tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
