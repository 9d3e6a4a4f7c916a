/**
 * A showcase's whole arranged or added order, held in memory at one order version
 * (showcases.order_version, which the database moves on every change of membership, place or
 * visibility): a late page is cut from it, where reading it from the index would step over
 * every earlier video. Early pages read the index directly; nothing is held for them.
 */
import type { PagedId } from './deferredPage.ts';

export interface OrderDirectory {
  version: number;
  ids: Int32Array;
  positions: Int32Array;
}

/** Pages starting this far in are cut from a directory: from page 41 of a grid of 12. */
export const DIRECTORY_FROM_OFFSET = 480;

export function usesDirectory(offset: number): boolean {
  return offset >= DIRECTORY_FROM_OFFSET;
}

export function toDirectory(version: number, rows: readonly PagedId[]): OrderDirectory {
  return {
    version,
    ids: Int32Array.from(rows, (r) => r.id),
    positions: Int32Array.from(rows, (r) => r.position),
  };
}

export function sliceDirectory(
  { ids, positions }: OrderDirectory,
  offset: number,
  limit: number,
): PagedId[] {
  const end = Math.min(ids.length, offset + limit);
  const page: PagedId[] = [];
  for (let i = offset; i < end; i++) page.push({ id: ids[i]!, position: positions[i]! });
  return page;
}

export interface DirectoryCache {
  /** The directory of `key` at `version`: the one held, or `load`'s (shared by concurrent callers). */
  get(key: string, version: number, load: () => Promise<OrderDirectory>): Promise<OrderDirectory>;
  readonly size: number;
}

/** At most `max` orders, one version each; the least recently read goes first. */
export function createDirectoryCache(max: number): DirectoryCache {
  const entries = new Map<string, { version: number; directory: Promise<OrderDirectory> }>();
  return {
    get(key, version, load) {
      const held = entries.get(key);
      entries.delete(key);
      const entry = held && held.version === version ? held : { version, directory: load() };
      entries.set(key, entry);
      if (entry !== held) {
        // A failed load is not kept: the next reader tries again.
        entry.directory.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
      }
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return entry.directory;
    },
    get size() {
      return entries.size;
    },
  };
}
