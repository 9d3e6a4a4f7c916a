/**
 * The video view of a showcase (/showcase/{albumId}/video/{videoId}, SPEC §2 and §4): the
 * video, where Back goes and where the arrows go, decided before rendering so the page can
 * redirect and set its status and cache headers. Access and the content gates are decided
 * exactly as for the showcase page (showcaseAccess.ts); the arrows pass over videos this
 * viewer may not watch, and a locked video shows why instead of its player.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import type { Layout, Locale, Sort, TeamRole } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { pageLoadErrorTarget } from '../../lib/pageLoadError.ts';
import { pageCount, pageSizeFor } from '../../lib/pagination.ts';
import {
  albumAddress,
  videoIdOf,
  videoViewNeighbours,
  videoViewPath,
} from '../../lib/videoNavigation.ts';
import { withQuery } from '../../lib/carriedQuery.ts';
import type { ViewerAbilities } from '../../lib/viewerAbilities.ts';
import { openShowcase, type DeniedView, type ShowcaseViewer } from '../access/showcaseAccess.ts';
import type { VideoChat } from '../chat/chatStore.ts';
import { getDb } from '../db/client.ts';
import { recordOpening } from '../watch/showcaseFollows.ts';
import { findManagedLiveEvent, type ManagedLiveEvent } from '../live/managedLiveEvent.ts';
import { loadStreamHealthView } from '../live/streamHealthView.ts';
import type { StreamHealthView } from '../../lib/streamHealth.ts';
import { chosenFeaturedVideo } from './featuredVideo.ts';
import {
  cachedChatOfVideo,
  cachedFindShowcaseVideo,
  cachedListShowcaseVideos,
  cachedShowcaseCovers,
} from './cachedReads.ts';
import { albumJson, type AlbumJson, type VideoJson } from './represent.ts';
import type { ShowcaseCover } from './showcaseCovers.ts';
import { ageGateView } from './showcaseView.ts';
import { loadVideoDownloads, type VideoDownloads } from './videoDownloads.ts';
import type { AgeGateView } from './viewResponse.ts';

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
  abilities: ViewerAbilities;
  /** The download modal's files and tracks (SPEC §3, §5, §6); none for a locked video. */
  downloads: VideoDownloads;
  /** Anybody may open the showcase: browsers and CDNs may keep it when nothing else is personal. */
  shareable: boolean;
  /** The live chat beside the player: the event's own, or its replay played back in step; none for other videos. */
  chat: VideoChat | null;
  /** A live event's Go live panel, for a viewer who may broadcast it; never offsite or embedded. */
  goLive: ManagedLiveEvent | null;
  /** The Go live panel's stream health, while the event can still go on the air. */
  streamHealth: StreamHealthView | null;
  /**
   * The showcase's cover, for a live event that has no picture of its own yet: the picture
   * link previews and structured data name for it (pagePreview.ts). Null for other videos.
   */
  showcaseCover: ShowcaseCover | null;
}

export type VideoViewResult =
  { kind: 'redirect'; location: string } | DeniedView | AgeGateView | VideoView;

export interface VideoViewRequest {
  albumId: number;
  videoId: number;
  locale: Locale;
  /** The host the page was asked for: on the album's own domain, Back goes to '/'. */
  host: string;
  viewer: ShowcaseViewer;
  /** The translator of the request: the download modal names its qualities. */
  t: Translate;
}

const NO_DOWNLOADS: VideoDownloads = { access: 'none', download: [], textTracks: [] };

export async function loadVideoView({
  albumId,
  videoId,
  locale,
  host,
  viewer,
  t,
}: VideoViewRequest): Promise<VideoViewResult> {
  const db = await getDb();
  const access = await openShowcase(db, albumId, viewer);
  if (!access.open) return access.denied;
  const open = access.showcase;
  // Opened on this site by a signed-in viewer: their /watch page lists its newest videos.
  if (viewer.access.viewerId !== null && !viewer.offsite)
    void recordOpening(db, viewer.access.viewerId, albumId);
  if (open.ageGate) return ageGateView(open);
  const { found, present, lockOf, teamRole } = open;
  const { carried } = viewer;

  const onOwnDomain = Boolean(
    found.showcase.domain && found.showcase.domain.toLowerCase() === host.toLowerCase(),
  );
  const basePath = pageLoadErrorTarget(albumId, onOwnDomain);
  const item = await cachedFindShowcaseVideo(db, albumId, videoId);
  const video = item ? present(item) : null;
  // SPEC §4: "Video load returning no uri redirects to the album."
  if (!item || !video || videoIdOf(video.uri) !== videoId) {
    return { kind: 'redirect', location: localizePath(locale, albumAddress(basePath, 1, carried)) };
  }

  // The page the video stands on, in the showcase's order. Pages are read through the
  // shared read cache, so a viewer coming from the grid finds them there. The arrows lead
  // only to videos this viewer may watch.
  const layout = found.showcase.layout as Layout;
  const sort = found.showcase.sort as Sort;
  const perPage = pageSizeFor(layout);
  const pages = pageCount(found.totalVideos, perPage);
  let page = 1;
  let pageVideoIds: number[] = [];
  let featuredId = videoId;
  for (let n = 1; n <= pages; n++) {
    const { items } = await cachedListShowcaseVideos(db, {
      showcaseId: albumId,
      sort,
      page: n,
      perPage,
    });
    const ids = items
      .filter((entry) => entry.video.id === videoId || lockOf(entry) === null)
      .map((entry) => entry.video.id);
    if (n === 1) featuredId = ids[0] ?? videoId;
    if (ids.includes(videoId)) {
      page = n;
      pageVideoIds = ids;
      break;
    }
  }
  // The owner's chosen featured video, where a viewer may watch it, stands for the first.
  const chosen = layout === 'featured' ? await chosenFeaturedVideo(db, found.showcase) : null;
  if (chosen && lockOf(chosen) === null) featuredId = chosen.video.id;
  const { previous, next } = videoViewNeighbours({ page, pageVideoIds, videoId, featuredId });
  const hrefOf = (id: number | null) =>
    id === null ? null : withQuery(videoViewPath(albumId, id), carried);
  const goLive =
    video.live && viewer.access.viewerId !== null && !open.abilities.newTab
      ? await findManagedLiveEvent(db, viewer.access.viewerId, videoId)
      : null;
  return {
    kind: 'video',
    album: albumJson(found),
    video,
    page,
    previousHref: hrefOf(previous),
    nextHref: hrefOf(next),
    backHref: albumAddress(basePath, page, carried),
    teamRole,
    abilities: open.abilities,
    downloads: video.content_lock
      ? NO_DOWNLOADS
      : await loadVideoDownloads(db, {
          found,
          video: item.video,
          teamRole,
          locale,
          t,
          shareHash: carried.sh ?? null,
        }),
    shareable: open.shareable,
    chat: video.content_lock ? null : await cachedChatOfVideo(db, videoId),
    goLive,
    streamHealth:
      goLive && goLive.status !== 'done'
        ? await loadStreamHealthView(videoId, { lastError: goLive.lastError, t, locale })
        : null,
    showcaseCover:
      video.live && video.pictures.sizes.length === 0
        ? ((await cachedShowcaseCovers(db, [albumId])).get(albumId) ?? null)
        : null,
  };
}
