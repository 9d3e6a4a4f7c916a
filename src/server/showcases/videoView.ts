/**
 * The video view of a showcase (/showcase/{albumId}/video/{videoId}, SPEC §2 and §4): the
 * video, where Back goes and where the arrows go, decided before rendering so the page can
 * redirect and set its status and cache headers. Access is decided exactly as for the
 * showcase page.
 */
import type { Layout, Locale, Sort, TeamRole } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { pageLoadErrorTarget } from '../../lib/pageLoadError.ts';
import { pageCount, pageSizeFor } from '../../lib/pagination.ts';
import { albumAddress, videoIdOf, videoViewNeighbours, videoViewPath } from '../../lib/videoNavigation.ts';
import { withQuery, type CarriedQuery } from '../../lib/carriedQuery.ts';
import { resolveAccess, type AccessRequest } from '../access/viewerAccess.ts';
import { getDb } from '../db/client.ts';
import { cachedFindShowcase, cachedListShowcaseVideos } from './cachedReads.ts';
import { albumJson, videoJson, type AlbumJson, type VideoJson } from './represent.ts';
import { findShowcaseVideo } from './showcaseQueries.ts';
import { deniedView, type DeniedView } from './showcaseView.ts';

export interface VideoView {
  kind: 'video';
  album: AlbumJson;
  video: VideoJson;
  /** The list page the video stands on. */
  page: number;
  /** Unprefixed paths of the arrows' targets; null where there is no other video. */
  previousHref: string | null;
  nextHref: string | null;
  /** Back: the album address (with its page and carried query), unprefixed. */
  backHref: string;
  teamRole: TeamRole | null;
  /** Anybody may see it: browsers and CDNs may keep it. */
  public: boolean;
}

export type VideoViewResult = { kind: 'redirect'; location: string } | DeniedView | VideoView;

export interface VideoViewRequest {
  albumId: number;
  videoId: number;
  locale: Locale;
  /** The host the page was asked for: on the album's own domain, Back goes to '/'. */
  host: string;
  access: AccessRequest;
  /** What the address hands on to the addresses it links to (share hash, offsite, referrer, is_embed). */
  carried: CarriedQuery;
}

export async function loadVideoView({ albumId, videoId, locale, host, access, carried }: VideoViewRequest): Promise<VideoViewResult> {
  const db = await getDb();
  const found = await cachedFindShowcase(db, albumId);
  const { decision, teamRole } = await resolveAccess(db, found?.showcase ?? null, access);
  if (!decision.allowed || !found) return deniedView(db, albumId, found, decision);

  const onOwnDomain = Boolean(found.showcase.domain && found.showcase.domain.toLowerCase() === host.toLowerCase());
  const basePath = pageLoadErrorTarget(albumId, onOwnDomain);
  const item = await findShowcaseVideo(db, albumId, videoId);
  const video = item ? videoJson(item, albumId) : null;
  // SPEC §4: "Video load returning no uri redirects to the album."
  if (!video || videoIdOf(video.uri) !== videoId) {
    return { kind: 'redirect', location: localizePath(locale, albumAddress(basePath, 1, carried)) };
  }

  // The page the video stands on, in the showcase's order. Pages are read through the
  // shared read cache, so a viewer coming from the grid finds them there.
  const layout = found.showcase.layout as Layout;
  const sort = found.showcase.sort as Sort;
  const perPage = pageSizeFor(layout);
  const pages = pageCount(found.totalVideos, perPage);
  let page = 1;
  let pageVideoIds: number[] = [];
  let featuredId = videoId;
  for (let n = 1; n <= pages; n++) {
    const { items } = await cachedListShowcaseVideos(db, { showcaseId: albumId, sort, page: n, perPage });
    const ids = items.map((entry) => entry.video.id);
    if (n === 1) featuredId = ids[0] ?? videoId;
    if (ids.includes(videoId)) {
      page = n;
      pageVideoIds = ids;
      break;
    }
  }
  const { previous, next } = videoViewNeighbours({ page, pageVideoIds, videoId, featuredId });
  const hrefOf = (id: number | null) => (id === null ? null : withQuery(videoViewPath(albumId, id), carried));
  return {
    kind: 'video',
    album: albumJson(found),
    video,
    page,
    previousHref: hrefOf(previous),
    nextHref: hrefOf(next),
    backHref: albumAddress(basePath, page, carried),
    teamRole,
    public: found.showcase.privacyView === 'anybody',
  };
}
