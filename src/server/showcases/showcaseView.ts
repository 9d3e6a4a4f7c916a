/**
 * Everything a showcase page needs, decided before rendering starts, so the page can set
 * its status, redirect or cache headers (Astro sends headers before components render).
 */
import { screenFor, type AccessCode, type AccessScreen } from '../../lib/albumAccess.ts';
import type { Layout, Locale, Sort, TeamRole } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { clampPage, pageCount, pageSizeFor } from '../../lib/pagination.ts';
import { pageLoadErrorTarget } from '../../lib/pageLoadError.ts';
import { albumAddress, effectivePageParam, videoQueryRedirect } from '../../lib/videoNavigation.ts';
import { withQuery, type CarriedQuery } from '../../lib/carriedQuery.ts';
import type { AccessDecision } from '../../lib/albumAccess.ts';
import { resolveAccess, type AccessRequest } from '../access/viewerAccess.ts';
import { getDb, type Db } from '../db/client.ts';
import { albumJson, videoJson, type AlbumJson, type VideoJson } from './represent.ts';
import { cachedFindShowcase, cachedListShowcaseVideos } from './cachedReads.ts';
import type { ShowcaseWithOwner } from './showcaseQueries.ts';
import { signInBranding, type SignInBranding } from './signInBranding.ts';

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
  /** Anybody may see it: browsers and CDNs may keep it. */
  public: boolean;
}

export interface DeniedView {
  kind: 'denied';
  code: AccessCode;
  screen: AccessScreen;
  albumId: number;
  /** What the sign-in and password screens may show of a showcase the viewer cannot open. */
  branding: SignInBranding | null;
}

export type ShowcaseView = { kind: 'redirect'; location: string } | DeniedView | ListView;

export interface ShowcaseRequest {
  albumId: number;
  /** '/' on the showcase's own domain, else /showcase/{albumId}. */
  basePath: string;
  locale: Locale;
  /** The raw ?page value. */
  page: string | null;
  /** The raw ?video value (SPEC §2: opens the video view unless the layout is live). */
  video?: string | null;
  access: AccessRequest;
  /** What the address hands on to the addresses it links to (share hash, offsite, referrer, is_embed). */
  carried: CarriedQuery;
}

/** The screen of a viewer who may not open a showcase (or of a showcase that is not there). */
export async function deniedView(db: Db, albumId: number, found: ShowcaseWithOwner | null, decision: AccessDecision): Promise<DeniedView> {
  const code = decision.allowed ? 5 : decision.code;
  const screen = screenFor(code);
  // Only the sign-in and password screens show branding; nothing names the showcase.
  const branding = found && (screen === 'signIn' || screen === 'password') ? await signInBranding(db, found) : null;
  return { kind: 'denied', code, screen, albumId, branding };
}

export async function loadShowcaseView({ albumId, basePath, locale, page: pageParam, video, access, carried }: ShowcaseRequest): Promise<ShowcaseView> {
  const db = await getDb();
  const found = await cachedFindShowcase(db, albumId);
  const { decision, teamRole } = await resolveAccess(db, found?.showcase ?? null, access);
  if (!decision.allowed || !found) return deniedView(db, albumId, found, decision);

  const layout = found.showcase.layout as Layout;
  const videoView = videoQueryRedirect(layout, albumId, video ?? null);
  if (videoView) return { kind: 'redirect', location: localizePath(locale, withQuery(videoView, carried)) };

  const rawPage = effectivePageParam(layout, pageParam);
  const perPage = pageSizeFor(layout);
  const clamped = clampPage(rawPage, pageCount(found.totalVideos, perPage));
  // SPEC §4 error 2286: a page that does not exist goes to the album's own address.
  if (clamped.outOfRange) {
    return { kind: 'redirect', location: localizePath(locale, withQuery(pageLoadErrorTarget(albumId, basePath === '/'), carried)) };
  }
  // An explicit ?page=1 (or '02') goes to the one canonical URL of that page.
  if (rawPage !== null && (rawPage !== String(clamped.page) || clamped.page === 1)) {
    return { kind: 'redirect', location: localizePath(locale, albumAddress(basePath, clamped.page, carried)) };
  }
  const sort = found.showcase.sort as Sort;
  const { total, items } = await cachedListShowcaseVideos(db, { showcaseId: albumId, sort, page: clamped.page, perPage });
  let videos = items.map((item) => videoJson(item, albumId));
  let featured: VideoJson | null = null;
  if (layout === 'player' && clamped.page > 1) {
    // 'Load more' without JavaScript: ?page=n shows pages 1 to n (each page read is shared
    // with the API and the grid through the read cache).
    const earlier = await Promise.all(Array.from({ length: clamped.page - 1 }, (_, i) => cachedListShowcaseVideos(db, { showcaseId: albumId, sort, page: i + 1, perPage })));
    videos = [...earlier.flatMap((list) => list.items.map((item) => videoJson(item, albumId))), ...videos];
  }
  if (layout === 'featured') {
    // SPEC §9: "Featured layout fetches 1 video for the featured slot."
    const [first] = (await cachedListShowcaseVideos(db, { showcaseId: albumId, sort, page: 1, perPage: 1 })).items;
    featured = first ? videoJson(first, albumId) : null;
    videos = videos.filter((v) => v.uri !== featured?.uri);
  }
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
    teamRole,
    public: found.showcase.privacyView === 'anybody',
  };
}

/** A view a page renders: a showcase, a video of it, or the screen of a viewer turned away. */
export type RenderedView = DeniedView | { kind: 'showcase' | 'video'; public: boolean };

/** HTTP status of a view: denied screens answer 401 (can sign in or give a password), 403 or 404. */
export function statusFor(view: RenderedView): number {
  if (view.kind !== 'denied') return 200;
  if (view.screen === 'password' || view.screen === 'signIn') return 401;
  return view.screen === 'teamNoAccess' ? 403 : 404;
}

/** Public showcases may be cached by browsers and CDNs; anything else may not. */
export function cacheControlFor(view: RenderedView): string {
  return view.kind !== 'denied' && view.public ? 'public, max-age=60, stale-while-revalidate=600' : 'private, no-store';
}
