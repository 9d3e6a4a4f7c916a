/**
 * What /manage/videos is asked for in its address: a search text, a privacy, a status and
 * a folder to filter by, and a page (LIBRARY_PAGE_SIZE videos each). Anything unknown is dropped, so
 * a hand-edited address still lists something sensible.
 */
import { VIDEO_PRIVACY, VIDEO_STATUSES, type VideoPrivacy } from './domain.ts';

export const LIBRARY_PAGE_SIZE = 24;
const QUERY_MAX = 200;

type VideoStatus = (typeof VIDEO_STATUSES)[number];

export interface LibraryQuery {
  text: string;
  privacy: VideoPrivacy | null;
  status: VideoStatus | null;
  /** A folder's id, checked against the account's folders where it is read. */
  folder: number | null;
  page: number;
}

export function parseLibraryQuery(params: URLSearchParams): LibraryQuery {
  const privacy = params.get('privacy') ?? '';
  const status = params.get('status') ?? '';
  const folder = params.get('folder') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  return {
    text: (params.get('q') ?? '').trim().slice(0, QUERY_MAX),
    privacy: (VIDEO_PRIVACY as readonly string[]).includes(privacy)
      ? (privacy as VideoPrivacy)
      : null,
    status: (VIDEO_STATUSES as readonly string[]).includes(status) ? (status as VideoStatus) : null,
    folder: /^[1-9]\d{0,9}$/.test(folder) ? Number(folder) : null,
    page,
  };
}

/** The address of a page of the same listing: '?q=reel&page=2'; '' for the first, unfiltered page. */
export function libraryHref(query: LibraryQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  if (query.privacy) params.set('privacy', query.privacy);
  if (query.status) params.set('status', query.status);
  if (query.folder !== null) params.set('folder', String(query.folder));
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
