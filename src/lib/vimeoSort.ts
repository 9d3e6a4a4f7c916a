/**
 * Vimeo's `sort` and `direction` query parameters (API 3.4) for lists of videos and albums.
 * A list of a showcase also takes the showcase sorts of SPEC §3 (sortMap.ts), which the
 * site's own islands send. An unknown value is refused rather than ignored: a script written
 * for Vimeo's API should learn at once that Vitrine orders differently than it asked.
 */
import { SORT_MAP, type SortDirection, type SortSpec } from './sortMap.ts';

export interface ListOrder<Field extends string> {
  by: Field;
  direction: SortDirection;
}

/** What a sort name orders by, and its direction when the caller names none. */
export type SortVocabulary<Field extends string> = Readonly<Record<string, ListOrder<Field>>>;

/**
 * The videos of a showcase. Vitrine keeps no time of a video's last change, so Vimeo's
 * `modified_time` orders by the time it was made, as `date` does.
 */
export const SHOWCASE_VIDEO_SORTS: SortVocabulary<SortSpec['by']> = {
  ...SORT_MAP,
  date: { by: 'date', direction: 'desc' },
  modified_time: { by: 'date', direction: 'desc' },
  manual: { by: 'position', direction: 'asc' },
  duration: { by: 'duration', direction: 'desc' },
};

/** An account's videos, which have no arrangement of their own. */
export const ACCOUNT_VIDEO_SORTS: SortVocabulary<
  'name' | 'date' | 'plays' | 'likes' | 'comments' | 'duration'
> = {
  alphabetical: { by: 'name', direction: 'asc' },
  date: { by: 'date', direction: 'desc' },
  modified_time: { by: 'date', direction: 'desc' },
  plays: { by: 'plays', direction: 'desc' },
  likes: { by: 'likes', direction: 'desc' },
  comments: { by: 'comments', direction: 'desc' },
  duration: { by: 'duration', direction: 'desc' },
};

/** An account's showcases (Vimeo's albums). */
export const ALBUM_SORTS: SortVocabulary<'name' | 'date' | 'videos'> = {
  alphabetical: { by: 'name', direction: 'asc' },
  date: { by: 'date', direction: 'desc' },
  modified_time: { by: 'date', direction: 'desc' },
  videos: { by: 'videos', direction: 'desc' },
};

export type SortParameterError = {
  parameter: 'sort' | 'direction';
  value: string;
  allowed: readonly string[];
};

/**
 * The order a list's query asks for: null for `default` or no sort (the list's own order),
 * else the named order, turned round by `direction`. Blank values count as absent.
 */
export function parseListSort<Field extends string>(
  query: URLSearchParams,
  vocabulary: SortVocabulary<Field>,
): { order: ListOrder<Field> | null } | { error: SortParameterError } {
  const sort = query.get('sort')?.trim() || 'default';
  const direction = query.get('direction')?.trim() || undefined;
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
    return { error: { parameter: 'direction', value: direction, allowed: ['asc', 'desc'] } };
  }
  if (sort === 'default') return { order: null };
  const known = Object.hasOwn(vocabulary, sort) ? vocabulary[sort] : undefined;
  if (!known)
    return {
      error: { parameter: 'sort', value: sort, allowed: ['default', ...Object.keys(vocabulary)] },
    };
  return { order: { by: known.by, direction: direction ?? known.direction } };
}
