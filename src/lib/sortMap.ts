/**
 * The showcase sort map of SPEC §3: how each album sort setting orders its videos.
 *
 * "alphabetical asc; newest date desc; oldest date asc; likes, plays, comments desc;
 * arranged manual; added_first and added_last default order". The "default order" of the
 * two added_* sorts is the time a video was added to the album: added_first puts the
 * earliest-added video first (asc), added_last the most recently added first (desc).
 */
import { SORTS } from './domain.ts';
import type { Sort } from './domain.ts';

type SortField =
  'name' | 'date' | 'likes' | 'plays' | 'comments' | 'duration' | 'position' | 'added';
export type SortDirection = 'asc' | 'desc';

export interface SortSpec {
  by: SortField;
  direction: SortDirection;
}

export const SORT_MAP: Readonly<Record<Sort, Readonly<SortSpec>>> = {
  alphabetical: { by: 'name', direction: 'asc' },
  newest: { by: 'date', direction: 'desc' },
  oldest: { by: 'date', direction: 'asc' },
  likes: { by: 'likes', direction: 'desc' },
  plays: { by: 'plays', direction: 'desc' },
  comments: { by: 'comments', direction: 'desc' },
  // Manual order chosen by the owner; position 1 comes first.
  arranged: { by: 'position', direction: 'asc' },
  added_first: { by: 'added', direction: 'asc' },
  added_last: { by: 'added', direction: 'desc' },
};

export function isSort(value: unknown): value is Sort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/**
 * A sort from a query string or stored setting; anything unknown falls back (SPEC §9:
 * the default is the album's own sort setting, which the caller passes as fallback).
 * Matching is exact after trimming: sort values are lower-case identifiers.
 */
export function parseSort(raw: string | undefined, fallback: Sort): Sort {
  const trimmed = raw?.trim();
  return isSort(trimmed) ? trimmed : fallback;
}
