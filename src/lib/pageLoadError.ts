/**
 * SPEC §4: "Page-load error code 2286 redirects to / on the album's own domain, else
 * /showcase/{albumId}". The album-videos call answers 2286 for a page that does not exist.
 */
export const PAGE_NOT_FOUND_ERROR = 2286;

export function pageLoadErrorTarget(albumId: number, onOwnDomain: boolean): string {
  return onOwnDomain ? '/' : `/showcase/${albumId}`;
}
