/**
 * Status, caching and the team sign-in return path of every page and frame that shows a
 * showcase, set before rendering starts (Astro sends headers before components render).
 * SPEC §4: the team sign-in comes back here; the cookie is removed once used.
 */
import type { AstroGlobal } from 'astro';
import { ACCESS_STATUS } from '../../lib/albumAccess.ts';
import type { DeniedView } from '../access/showcaseAccess.ts';
import { TEAM_SIGN_IN_REDIRECT_COOKIE } from '../auth/signIn.ts';
import { pageCacheControl, PRIVATE_PAGE } from '../http/cacheControl.ts';
import { servedOverHttps } from '../http/publicOrigin.ts';
import { sharesBody } from './sharedBodies.ts';

/** The age gate of SPEC §5, standing before a showcase's pages until the viewer passes it. */
export interface AgeGateView {
  kind: 'ageGate';
  albumId: number;
  theme: 'standard' | 'dark';
  brandColor: string;
}

/** What a viewer who may open the showcase is shown: a list, a video, search results, a frame. */
interface ContentView {
  kind: 'showcase' | 'video' | 'search' | 'embed' | 'frame';
  /** Anybody may open the showcase (OpenShowcase.shareable). */
  shareable: boolean;
  /** The content could not be fetched (a search that failed): the page answers 500. */
  failed?: boolean;
  /** A showcase's stock clips, whose buttons show the viewer's own standing with them. */
  stock?: ReadonlyMap<unknown, unknown>;
  /** The viewer's own Go live panel on a live event's view. */
  goLive?: unknown;
}

/** A view a page renders: the screen of a viewer turned away, the age gate, or the showcase's content. */
export type RenderedView = DeniedView | AgeGateView | ContentView;

/** HTTP status of a view: a denied screen answers its ACCESS_STATUS (401, 403 or 404). */
function statusFor(view: RenderedView): number {
  if (view.kind === 'denied') return ACCESS_STATUS[view.screen];
  return view.kind !== 'ageGate' && view.failed ? 500 : 200;
}

function cacheControlFor(
  astro: Pick<AstroGlobal, 'locals' | 'cookies'>,
  view: RenderedView,
): string {
  if (view.kind === 'denied' || view.kind === 'ageGate') return PRIVATE_PAGE;
  return pageCacheControl(astro.locals, astro.cookies, view.shareable);
}

export function prepareViewResponse(astro: AstroGlobal, view: RenderedView): void {
  astro.response.status = statusFor(view);
  astro.response.headers.set('Cache-Control', cacheControlFor(astro, view));
  astro.locals.bodyShared = view.kind !== 'denied' && view.kind !== 'ageGate' && sharesBody(view);
  // A team sign-in started in the popup of an embed comes back to the popup, not here.
  if (
    view.kind === 'denied' &&
    view.screen === 'signIn' &&
    !astro.url.pathname.endsWith('/embed')
  ) {
    astro.cookies.set(TEAM_SIGN_IN_REDIRECT_COOKIE, astro.url.pathname + astro.url.search, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: servedOverHttps(astro.url),
      maxAge: 60 * 30,
    });
  }
}
