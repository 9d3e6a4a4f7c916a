/**
 * Signed-in showcase pages without a render per viewer (src/lib/sharedBody.ts). A showcase
 * page or video view shows a signed-in viewer what it shows every viewer of their class, the
 * same answer of the access decision and the same preferences, plus their top bar and banners.
 * The first render of a class is kept as a body; the viewer's piece is kept with their
 * account's chrome, which a change of their account forgets (accountContext.ts). A later
 * request of the class is the kept body with the viewer's piece joined in, their CSRF token
 * and frame token in its holes: no component renders.
 *
 * The class is decided before rendering, from what the body reads of the viewer; a body the
 * render did not declare shared (it shows the viewer's own standing: stock buttons, their Go
 * live panel) is never kept. Bodies are forgotten on every page change, as the page cache's
 * entries are, and live as long (a countdown moves with the clock).
 */
import type { APIContext, MiddlewareNext } from 'astro';
import {
  bodyTemplate,
  composeGzip,
  composePage,
  compressTemplate,
  personalSignature,
  sharedShowcaseRoute,
  splitPersonal,
  type BodyTemplate,
  type CompressedTemplate,
  type PersonalValues,
} from '../../lib/sharedBody.ts';
import { compressedPart, type GzipPart } from '../../lib/gzipJoin.ts';
import { AGE_CONFIRMED_COOKIE } from '../../lib/contentGates.ts';
import { inlineStylesheets } from '../../lib/inlineStylesheets.ts';
import { inlineSources, joinSources, type InlineSources } from '../../lib/pagePolicy.ts';
import { acceptedEncodings, CACHE_STATUS_HEADER } from '../../lib/pageCache.ts';
import { createPageCacheStore } from '../../lib/pageCacheStore.ts';
import { openShowcase, showcaseViewerFrom, type OpenShowcase } from '../access/showcaseAccess.ts';
import { issueJwt } from '../auth/jwt.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { getDb } from '../db/client.ts';
import { onPagesChanged } from '../db/pageChangeSignal.ts';
import { builtStylesheets } from '../http/builtStylesheets.ts';
import { wholePageResponse } from '../http/wholePage.ts';
import { searchAudience } from '../search/searchAudience.ts';
import type { AccountContext } from '../teams/accountContext.ts';
import { recordOpening } from '../watch/showcaseFollows.ts';

/** The holes a render may leave in a shared body, each filled anew for the viewer. */
type PersonalValueName = 'csrf' | 'jwt';

interface PersonalPiece {
  html: Buffer;
  signature: string;
  sources: InlineSources;
  /** `html` compressed, made the first time the piece is sent compressed. */
  gzip?: GzipPart;
}

/** Each kept body's parts compressed, made the first time the body is sent compressed. */
const compressedBodies = new WeakMap<BodyTemplate, CompressedTemplate>();

function compressedBody(body: BodyTemplate): CompressedTemplate {
  let compressed = compressedBodies.get(body);
  if (!compressed) compressedBodies.set(body, (compressed = compressTemplate(body)));
  return compressed;
}

/** A piece is a few kilobytes, compressed once a viewer: a middling level does. */
const PIECE_GZIP_LEVEL = 6;

const KEY = Symbol.for('vitrine.sharedBodies');
const holder = globalThis as {
  [KEY]?: {
    bodies: ReturnType<typeof createPageCacheStore<BodyTemplate>>;
    pieces: WeakMap<AccountContext, Map<string, PersonalPiece>>;
  };
};
const kept = (holder[KEY] ??= {
  // As long as a cached public page: a countdown or a "live" badge moves with the clock alone.
  bodies: createPageCacheStore<BodyTemplate>({
    maxEntries: 2_000,
    maxBytes: 32 * 1024 * 1024,
    ttlMs: 60_000,
  }),
  pieces: new WeakMap(),
});
onPagesChanged(() => kept.bodies.invalidate());

/** What a render of a shared body wrote of its viewer, by hole. */
const written = new WeakMap<App.Locals, Map<PersonalValueName, string>>();

/** Names a value of the viewer's own that a render wrote into the page, so a shared body leaves a hole there. */
export function writesPersonalValue(
  locals: App.Locals,
  name: PersonalValueName,
  value: string,
): void {
  written.get(locals)?.set(name, value);
}

/** Whether a view's body is the same for every viewer of its class: nothing on it shows the viewer's own standing. */
export function sharesBody(view: {
  kind: string;
  stock?: ReadonlyMap<unknown, unknown>;
  goLive?: unknown;
}): boolean {
  if (view.kind === 'showcase') return (view.stock?.size ?? 0) === 0;
  if (view.kind === 'video') return !view.goLive;
  return false;
}

/** Everything a showcase page's body reads of its viewer: viewers alike in all of it see the same body. */
function classKey(context: APIContext, showcase: OpenShowcase, account: AccountContext): string {
  const { locals, url, cookies } = context;
  const viewer = locals.viewer!;
  const albumId = showcase.found.showcase.id;
  return JSON.stringify([
    url.href,
    locals.locale,
    locals.theme,
    locals.legal,
    locals.geo,
    locals.ratingSelection,
    cookies.has(AGE_CONFIRMED_COOKIE),
    viewer.user.membershipType,
    viewer.user.hasEnterprise,
    showcase.teamRole,
    showcase.abilities,
    showcase.shareable,
    account.followedShowcases.includes(albumId),
  ]);
}

/** The viewer's piece is their top bar and banners, which read their account, language and search. */
function pieceKey(locals: App.Locals): string {
  return JSON.stringify([locals.locale, locals.viewer!.xsrfToken, searchAudience(locals)]);
}

function valuesFor(holes: readonly string[], locals: App.Locals): Map<string, string> {
  const viewer = locals.viewer!;
  const values = new Map<string, string>();
  for (const hole of holes) {
    if (hole === 'csrf') values.set(hole, viewer.xsrfToken);
    else if (hole === 'jwt') values.set(hole, issueJwt(viewer.user.id, viewer));
  }
  return values;
}

/**
 * A page joined from its class's body, said in the header that says a page came from the cache:
 * whole already, its stylesheets written into the body and its policy's sources found per part.
 * To a browser that takes gzip it goes as one gzip stream joined from the body's parts and the
 * piece, each compressed once (src/lib/gzipJoin.ts), its tokens in stored blocks: nothing is
 * compressed per request, and no secret shares a compression context with the page's text.
 * Null when a value for a hole is missing.
 */
function joinedPage(
  body: BodyTemplate,
  piece: PersonalPiece,
  values: PersonalValues,
  acceptEncoding: string | null,
): Response | null {
  const headers = { 'Content-Type': 'text/html', [CACHE_STATUS_HEADER]: 'joined' };
  const sources = body.sources && joinSources(body.sources, piece.sources);
  // The policy must be known without reading the page, which the security headers could not read compressed.
  if (sources && acceptedEncodings(acceptEncoding ?? undefined).includes('gzip')) {
    piece.gzip ??= compressedPart(piece.html, PIECE_GZIP_LEVEL);
    const gzipped = composeGzip(compressedBody(body), piece.gzip, values);
    return (
      gzipped &&
      wholePageResponse(
        gzipped,
        {
          status: 200,
          headers: { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
        },
        sources,
      )
    );
  }
  const html = composePage(body, piece.html, values);
  return html && wholePageResponse(html, { status: 200, headers }, sources ?? undefined);
}

/** The rendered page with its stylesheets written in, as every joined copy is sent. */
function withStylesheets(html: string): string {
  return Buffer.from(inlineStylesheets(Buffer.from(html), builtStylesheets())).toString();
}

/**
 * The middleware step: a signed-in GET of a showcase page is answered from its class's body
 * when one is kept, else rendered and, when the render declared its body shared, kept.
 */
export async function sharedShowcaseBodies(
  context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  const { locals, request, cookies } = context;
  const route =
    locals.viewer && locals.bearerUserId === null && request.method === 'GET'
      ? sharedShowcaseRoute(locals.path)
      : null;
  if (!route) return next();
  const db = await getDb();
  const showcaseViewer = showcaseViewerFrom(context, route.albumId);
  const [access, account] = await Promise.all([
    openShowcase(db, route.albumId, showcaseViewer),
    locals.accountContext?.(),
  ]);
  // A password showcase's pages carry the viewer's proof; the age gate and refusals are theirs.
  if (
    !access.open ||
    !account ||
    access.showcase.ageGate ||
    access.showcase.found.showcase.privacyView === 'password'
  )
    return next();
  const viewer = locals.viewer!;
  const key = classKey(context, access.showcase, account);
  const pieces = kept.pieces.get(account) ?? new Map<string, PersonalPiece>();
  const piece = pieces.get(pieceKey(locals));
  const body = piece && kept.bodies.get(`${key}\n${piece.signature}`);
  if (piece && body) {
    const joined = joinedPage(
      body,
      piece,
      valuesFor(body.holes, locals),
      request.headers.get('accept-encoding'),
    );
    if (joined) {
      if (!showcaseViewer.offsite) void recordOpening(db, viewer.user.id, route.albumId);
      return joined;
    }
  }

  const generation = kept.bodies.generation;
  const values = new Map<PersonalValueName, string>();
  written.set(locals, values);
  const response = await next();
  if (
    response.status !== 200 ||
    !locals.bodyShared ||
    !response.headers.get('Content-Type')?.startsWith('text/html') ||
    response.headers.has('Set-Cookie') ||
    !cookies.headers().next().done
  )
    return response;
  const html = await response.text();
  const page = splitPersonal(withStylesheets(html));
  const template =
    page &&
    bodyTemplate(page, values, [
      viewer.user.email,
      viewer.xsrfToken,
      cookies.get(SESSION_COOKIE)?.value ?? '',
      ...values.values(),
    ]);
  if (page && template) {
    const signature = personalSignature(page.personal);
    kept.bodies.put(`${key}\n${signature}`, template, generation);
    const personal = Buffer.from(page.personal);
    pieces.set(pieceKey(locals), { html: personal, signature, sources: inlineSources(personal) });
    kept.pieces.set(account, pieces);
  }
  return new Response(html, { status: response.status, headers: response.headers });
}
