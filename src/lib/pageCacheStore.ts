/**
 * The page cache's memory: entries by key, least recently used first out, bounded by count
 * and bytes, each fresh for `ttlMs` (pages that change with the clock alone, such as a live
 * event's countdown, are renewed that often) and kept `staleMs` longer, to be sent while a
 * request renders its renewal. A change of what pages show forgets everything, stale entries
 * too, and starts a new generation; a render that began in an earlier generation is not
 * stored, since it may have read the database before the change.
 */
export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  /** How long past `ttlMs` an entry may still be looked up as stale; none by default. */
  staleMs?: number;
}

interface Found<T> {
  value: T;
  /** Older than `ttlMs`: to be renewed. */
  stale: boolean;
}

export interface Sized {
  /** Bytes the entry holds. */
  bytes: number;
}

interface Slot<T> {
  value: T;
  storedAt: number;
}

export interface PageCacheStore<T extends Sized> {
  /** The current generation: take it when a render begins, hand it to `put`. */
  readonly generation: number;
  readonly size: number;
  readonly bytes: number;
  /** A fresh entry. */
  get(key: string, now?: number): T | undefined;
  /** A fresh entry, or a stale one within `staleMs`, saying which. */
  lookup(key: string, now?: number): Found<T> | undefined;
  /** Stores unless a change came after `generation` was taken; says whether it did. */
  put(key: string, value: T, generation: number, now?: number): boolean;
  /** Forgets every entry and begins a new generation. */
  invalidate(): void;
}

export function createPageCacheStore<T extends Sized>(limits: PageCacheLimits): PageCacheStore<T> {
  const slots = new Map<string, Slot<T>>();
  let generation = 0;
  let bytes = 0;

  const remove = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    bytes -= slot.value.bytes;
  };

  const lookup = (key: string, now = Date.now()): Found<T> | undefined => {
    const slot = slots.get(key);
    if (!slot) return undefined;
    const age = now - slot.storedAt;
    if (age >= limits.ttlMs + (limits.staleMs ?? 0)) {
      remove(key);
      return undefined;
    }
    // Map order is insertion order: moving the key to the end marks it most recently used.
    slots.delete(key);
    slots.set(key, slot);
    return { value: slot.value, stale: age >= limits.ttlMs };
  };

  return {
    get generation() {
      return generation;
    },
    get size() {
      return slots.size;
    },
    get bytes() {
      return bytes;
    },
    get(key, now = Date.now()) {
      const found = lookup(key, now);
      return found && !found.stale ? found.value : undefined;
    },
    lookup,
    put(key, value, taken, now = Date.now()) {
      if (taken !== generation || value.bytes > limits.maxBytes) return false;
      remove(key);
      slots.set(key, { value, storedAt: now });
      bytes += value.bytes;
      for (const oldest of slots.keys()) {
        if (slots.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    invalidate() {
      generation += 1;
      slots.clear();
      bytes = 0;
    },
  };
}
