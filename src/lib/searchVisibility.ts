/**
 * Who gets the top bar's search parts (SPEC §6): "Search-type dropdown only for logged-in
 * users with public search enabled, not enterprise or restricted region. Omnisearch hidden
 * for logged-out users from copyright-restricted regions."
 */
export interface SearchAudience {
  signedIn: boolean;
  publicSearchEnabled: boolean;
  enterprise: boolean;
  /** The viewer's country is one where public search, or its copyrighted results, is restricted. */
  restrictedRegion: boolean;
}

export function showsSearchTypeDropdown({
  signedIn,
  publicSearchEnabled,
  enterprise,
  restrictedRegion,
}: SearchAudience): boolean {
  return signedIn && publicSearchEnabled && !enterprise && !restrictedRegion;
}

export function showsOmnisearch({
  signedIn,
  restrictedRegion,
}: Pick<SearchAudience, 'signedIn' | 'restrictedRegion'>): boolean {
  return signedIn || !restrictedRegion;
}

/** Where the global search looks: the viewer's own videos, the public showcases, or both. */
const SEARCH_TYPES = ['all', 'mine', 'showcases'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The search type a request asked for, limited to what the viewer may use: without the
 * dropdown a signed-in viewer searches their own videos and an anonymous one the showcases.
 */
export function effectiveSearchType(asked: string | null, audience: SearchAudience): SearchType {
  if (!audience.signedIn) return 'showcases';
  if (!showsSearchTypeDropdown(audience)) return 'mine';
  return (SEARCH_TYPES as readonly string[]).includes(asked ?? '') ? (asked as SearchType) : 'all';
}
