/**
 * The one access path of a showcase. Every page, frame, search route and API call that
 * shows a showcase or its videos asks here: who is looking (ShowcaseViewer), whether they
 * may open it (SPEC §4 state and screen), what they may do in it (SPEC §6 abilities), which
 * of its videos they may watch (the content gates of SPEC §5) and whether the age gate
 * stands before it. Status and Cache-Control follow from the answer in viewResponse.ts.
 */
import type { AstroCookies } from 'astro';
import type { AccessCode, AccessScreen } from '../../lib/albumAccess.ts';
import { type CarriedQuery, carriedQuery, isOffsite } from '../../lib/carriedQuery.ts';
import {
  AGE_CONFIRMED_COOKIE,
  ageGateApplies,
  contentLock,
  type ContentLock,
} from '../../lib/contentGates.ts';
import type { ContentRating, TeamRole } from '../../lib/domain.ts';
import { allowedRatings } from '../../lib/footerPreferences.ts';
import { viewerAbilities, type ViewerAbilities } from '../../lib/viewerAbilities.ts';
import type { Db } from '../db/client.ts';
import { cachedFindShowcase } from '../showcases/cachedReads.ts';
import { ratingOf, videoJson, type VideoJson } from '../showcases/represent.ts';
import type { ShowcaseWithOwner, VideoWithMedia } from '../showcases/showcaseQueries.ts';
import { signInBranding, type SignInBranding } from '../showcases/signInBranding.ts';
import { accessRequestFrom } from './accessRequest.ts';
import { resolveAccess, type AccessRequest } from './viewerAccess.ts';

/** Who is looking at a showcase, and from where: everything the decision depends on. */
export interface ShowcaseViewer {
  access: AccessRequest;
  /** What the address hands on to the addresses it links to (share hash, offsite markers…). */
  carried: CarriedQuery;
  /** Shown inside another site or app, or in an embed frame (SPEC §5, §6). */
  offsite: boolean;
  /** The ratings the viewer's mature-content filter lets through. */
  allowedRatings: readonly ContentRating[];
  /** The viewer's region carries the age-gate duty (viewer context ofcomQualifies). */
  ofcomQualifies: boolean;
  /** The viewer confirmed their age in this browser session. */
  ageConfirmed: boolean;
}

interface ViewerParts {
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

export interface ViewerOptions {
  /** The request comes from an embed frame (/showcase/{id}/embed and the frames inside it). */
  embedded?: boolean;
  /** Who is asking when it is not the session (a frame's jwt, the API's bearer token). */
  viewerId?: number | null;
}

export function showcaseViewerFrom(
  parts: ViewerParts,
  albumId: number,
  { embedded = false, viewerId }: ViewerOptions = {},
): ShowcaseViewer {
  const base = accessRequestFrom(parts, albumId, embedded);
  const access = viewerId === undefined ? base : { ...base, viewerId };
  const carried = carriedQuery(parts.url.searchParams);
  return {
    access,
    carried,
    offsite: embedded || isOffsite(carried),
    allowedRatings: allowedRatings(parts.locals.ratingSelection),
    ofcomQualifies: parts.locals.legal.ofcom,
    ageConfirmed: parts.cookies.has(AGE_CONFIRMED_COOKIE),
  };
}

/** The screen of a viewer who may not open a showcase (or of a showcase that is not there). */
export interface DeniedView {
  kind: 'denied';
  code: AccessCode;
  screen: AccessScreen;
  albumId: number;
  /** What the sign-in and password screens may show of a showcase the viewer cannot open. */
  branding: SignInBranding | null;
}

/** A showcase the viewer may open, with what they may do and watch in it. */
export interface OpenShowcase {
  found: ShowcaseWithOwner;
  teamRole: TeamRole | null;
  abilities: ViewerAbilities;
  /** SPEC §5: the age gate stands before this showcase's pages. */
  ageGate: boolean;
  /** Anybody may open it: its pages may be kept by caches when nothing else is personal. */
  shareable: boolean;
  /** Why this viewer may not watch a video of it, if they may not. */
  lockOf(item: VideoWithMedia): ContentLock | null;
  /** A video of it as this viewer is shown it: locked videos carry no media link. */
  present(item: VideoWithMedia): VideoJson;
}

export type ShowcaseAccess =
  { open: true; showcase: OpenShowcase } | { open: false; denied: DeniedView };

async function deniedView(
  db: Db,
  albumId: number,
  found: ShowcaseWithOwner | null,
  code: AccessCode,
  screen: AccessScreen,
): Promise<DeniedView> {
  // Only the sign-in and password screens show branding; nothing names the showcase.
  const branding =
    found && (screen === 'signIn' || screen === 'password')
      ? await signInBranding(db, found)
      : null;
  return { kind: 'denied', code, screen, albumId, branding };
}

export async function openShowcase(
  db: Db,
  albumId: number,
  viewer: ShowcaseViewer,
): Promise<ShowcaseAccess> {
  const found = await cachedFindShowcase(db, albumId);
  const { decision, teamRole } = await resolveAccess(db, found?.showcase ?? null, viewer.access);
  if (!decision.allowed)
    return {
      open: false,
      denied: await deniedView(db, albumId, found, decision.code, decision.screen),
    };
  if (!found)
    return { open: false, denied: await deniedView(db, albumId, null, 5, 'notAvailable') };

  const signedIn = viewer.access.viewerId !== null;
  const shareable = found.showcase.privacyView === 'anybody';
  const lockOf = (item: VideoWithMedia) =>
    contentLock({ rating: ratingOf(item.video), allowed: viewer.allowedRatings, signedIn });
  return {
    open: true,
    showcase: {
      found,
      teamRole,
      abilities: viewerAbilities({ teamRole, offsite: viewer.offsite }),
      ageGate: ageGateApplies({
        albumPublic: shareable,
        signedIn,
        ofcomQualifies: viewer.ofcomQualifies,
        offsite: viewer.offsite,
        hasRestrictedVideos: found.hasRestrictedVideos,
        passed: viewer.ageConfirmed,
      }),
      shareable,
      lockOf,
      present: (item) =>
        videoJson(item, albumId, lockOf(item), shareable && item.video.privacyView === 'anybody'),
    },
  };
}
