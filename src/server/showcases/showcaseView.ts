/**
 * Everything a showcase page needs, decided before rendering starts, so the page can set
 * its status, redirect or cache headers (Astro sends headers before components render).
 * Access, abilities and the content gates come from the one access path (showcaseAccess.ts).
 */
import type { Layout, Locale, Sort, TeamRole } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { clampPage, pageCount, pageSizeFor } from '../../lib/pagination.ts';
import { pageLoadErrorTarget } from '../../lib/pageLoadError.ts';
import { albumAddress, effectivePageParam, videoQueryRedirect } from '../../lib/videoNavigation.ts';
import { withQuery } from '../../lib/carriedQuery.ts';
import type { ViewerAbilities } from '../../lib/viewerAbilities.ts';
import {
  openShowcase,
  type DeniedView,
  type OpenShowcase,
  type ShowcaseViewer,
} from '../access/showcaseAccess.ts';
import { getDb } from '../db/client.ts';
import { recordOpening } from '../watch/showcaseFollows.ts';
import { buyerStates, type BuyerState } from '../stock/buyerState.ts';
import { stockClipsOf } from '../stock/stockCards.ts';
import type { StockClipJson } from '../stock/stockJson.ts';
import { albumJson, type AlbumJson, type VideoJson } from './represent.ts';
import { cachedListShowcaseVideos } from './cachedReads.ts';
import { chosenFeaturedVideo } from './featuredVideo.ts';
import type { AgeGateView } from './viewResponse.ts';

/** A showcase the viewer may watch, in its layout (grid, player, featured or live). */
export interface ListView {
  kind: 'showcase';
  layout: Layout;
  album: AlbumJson;
  /**
   * The videos of this page. The player layout shows every page up to this one, since
   * 'Load more' appends (SPEC §2); the featured layout leaves the featured video out.
   */
  videos: VideoJson[];
  /** Featured layout: the one video of the featured slot (SPEC §9: fetched as 1 video). */
  featured: VideoJson | null;
  page: number;
  perPage: number;
  pageCount: number;
  total: number;
  basePath: string;
  teamRole: TeamRole | null;
  abilities: ViewerAbilities;
  /** The stock data of the page's stock clips, by video uri: their cards carry its buttons. */
  stock: Map<string, StockClipJson>;
  /** The signed-in viewer's standing with those clips, by clip id; none for anybody else. */
  stockStates: ReadonlyMap<number, BuyerState>;
  /** Anybody may open it: browsers and CDNs may keep it when nothing else is personal. */
  shareable: boolean;
}

export type ShowcaseView =
  { kind: 'redirect'; location: string } | DeniedView | AgeGateView | ListView;

export interface ShowcaseRequest {
  albumId: number;
  /** '/' on the showcase's own domain, else /showcase/{albumId}. */
  basePath: string;
  locale: Locale;
  /** The raw ?page value. */
  page: string | null;
  /** The raw ?video value (SPEC §2: opens the video view unless the layout is live). */
  video?: string | null;
  viewer: ShowcaseViewer;
}

/** The age gate in the showcase's own colours; nothing of its content. */
export function ageGateView({ found }: OpenShowcase): AgeGateView {
  return {
    kind: 'ageGate',
    albumId: found.showcase.id,
    theme: found.showcase.theme === 'dark' ? 'dark' : 'standard',
    brandColor: found.showcase.brandColor,
  };
}

export async function loadShowcaseView({
  albumId,
  basePath,
  locale,
  page: pageParam,
  video,
  viewer,
}: ShowcaseRequest): Promise<ShowcaseView> {
  const db = await getDb();
  const access = await openShowcase(db, albumId, viewer);
  if (!access.open) return access.denied;
  const open = access.showcase;
  // Opened on this site by a signed-in viewer: their /watch page lists its newest videos.
  if (viewer.access.viewerId !== null && !viewer.offsite)
    void recordOpening(db, viewer.access.viewerId, albumId);
  const { found, present } = open;
  const { carried } = viewer;

  const layout = found.showcase.layout as Layout;
  const videoView = videoQueryRedirect(layout, albumId, video ?? null);
  if (videoView)
    return { kind: 'redirect', location: localizePath(locale, withQuery(videoView, carried)) };
  if (open.ageGate) return ageGateView(open);

  const rawPage = effectivePageParam(layout, pageParam);
  const perPage = pageSizeFor(layout);
  const clamped = clampPage(rawPage, pageCount(found.totalVideos, perPage));
  // SPEC §4 error 2286: a page that does not exist goes to the album's own address.
  if (clamped.outOfRange) {
    return {
      kind: 'redirect',
      location: localizePath(
        locale,
        withQuery(pageLoadErrorTarget(albumId, basePath === '/'), carried),
      ),
    };
  }
  // An explicit ?page=1 (or '02') goes to the one canonical URL of that page.
  if (rawPage !== null && (rawPage !== String(clamped.page) || clamped.page === 1)) {
    return {
      kind: 'redirect',
      location: localizePath(locale, albumAddress(basePath, clamped.page, carried)),
    };
  }
  const sort = found.showcase.sort as Sort;
  // SPEC §7: "filter (playable when upcoming hidden)": events not on the air or ended drop out.
  const filter = found.showcase.hideUpcoming ? 'playable' : undefined;
  const { total, items } = await cachedListShowcaseVideos(db, {
    showcaseId: albumId,
    sort,
    page: clamped.page,
    perPage,
    filter,
  });
  let videos = items.map(present);
  let featured: VideoJson | null = null;
  if (layout === 'player' && clamped.page > 1) {
    // 'Load more' without JavaScript: ?page=n shows pages 1 to n (each page read is shared
    // with the API and the grid through the read cache).
    const earlier = await Promise.all(
      Array.from({ length: clamped.page - 1 }, (_, i) =>
        cachedListShowcaseVideos(db, { showcaseId: albumId, sort, page: i + 1, perPage, filter }),
      ),
    );
    videos = [...earlier.flatMap((list) => list.items.map(present)), ...videos];
  }
  if (layout === 'featured') {
    // SPEC §9: "Featured layout fetches 1 video for the featured slot": the owner's choice, else the first.
    const first =
      (await chosenFeaturedVideo(db, found.showcase)) ??
      (
        await cachedListShowcaseVideos(db, {
          showcaseId: albumId,
          sort,
          page: 1,
          perPage: 1,
          filter,
        })
      ).items[0];
    featured = first ? present(first) : null;
    videos = videos.filter((v) => v.uri !== featured?.uri);
  }
  // Locked clips offer nothing to buy until the viewer may watch them.
  const stock = await stockClipsOf(
    videos.filter((v) => v.content_lock === null),
    locale,
  );
  return {
    kind: 'showcase',
    layout,
    album: albumJson(found),
    videos,
    featured,
    page: clamped.page,
    perPage,
    pageCount: pageCount(total, perPage),
    total,
    basePath,
    teamRole: open.teamRole,
    abilities: open.abilities,
    stock,
    stockStates:
      viewer.access.viewerId === null
        ? new Map()
        : await buyerStates(
            db,
            viewer.access.viewerId,
            [...stock.values()].map((clip) => clip.clip_id),
          ),
    shareable: open.shareable,
  };
}
