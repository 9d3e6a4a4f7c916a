/**
 * Videos as the API gives them, each through the one access path: a viewer other than the
 * owner sees a video only in a showcase they may open (the first that lets them, public ones
 * first), presented as that showcase presents it, with the downloads its page would offer;
 * the owner's token sees every video of theirs, in whatever state, the way the studio does.
 */
import type { APIContext } from 'astro';
import type { ApiOrigins } from '../../lib/apiOrigin.ts';
import { CONTENT_RATING_COOKIE } from '../../lib/footerPreferences.ts';
import { vimeoVideoState, type VideoStatus } from '../../lib/vimeoVideoStatus.ts';
import { openShowcase, showcaseViewerFrom, type OpenShowcase } from '../access/showcaseAccess.ts';
import { apiReaderId } from '../auth/apiViewer.ts';
import type { Db } from '../db/client.ts';
import { videoJson } from '../showcases/represent.ts';
import { findShowcaseVideo, type VideoWithMedia } from '../showcases/showcaseQueries.ts';
import { loadVideoDownloads } from '../showcases/videoDownloads.ts';
import { apiVideo } from './apiShapes.ts';
import { withCountedPlays, withLiveViewers } from './apiStats.ts';
import { findAccountVideo, showcasesHolding, type AccountVideo } from './apiQueries.ts';

const stateOf = (item: AccountVideo) =>
  vimeoVideoState(item.video.status as VideoStatus, item.received);
const AVAILABLE = vimeoVideoState('ready', true);

/** Opens a showcase for the API's reader, through the access path the pages take. */
async function openForReader(
  context: APIContext,
  db: Db,
  albumId: number,
): Promise<OpenShowcase | null> {
  const viewer = showcaseViewerFrom(context, albumId, { viewerId: apiReaderId(context.locals) });
  const access = await openShowcase(db, albumId, viewer);
  return access.open ? access.showcase : null;
}

/** A showcase's video with the downloads this viewer may have (none when it is locked for them). */
export async function presentShowcaseVideo(
  context: APIContext,
  db: Db,
  open: OpenShowcase,
  item: VideoWithMedia,
  origins: ApiOrigins,
) {
  const video = open.present(item);
  const downloads = video.content_lock
    ? { access: 'none' as const, download: [], textTracks: [] }
    : await loadVideoDownloads(db, {
        found: open.found,
        video: item.video,
        teamRole: open.teamRole,
        locale: context.locals.locale,
        t: context.locals.t,
        shareHash: context.url.searchParams.get('sh'),
      });
  const [shaped] = await withLiveViewers(
    db,
    await withCountedPlays(db, [
      apiVideo(
        { ...video, text_tracks: downloads.textTracks, download_access: downloads.access },
        {
          origins,
          albumId: open.found.showcase.id,
          state: AVAILABLE,
          downloads: downloads.download,
        },
      ),
    ]),
    { owner: false },
  );
  return { video: shaped!, downloadAccess: downloads.access };
}

/** The owner's view of their video: every state, no lock, media kept private. */
export function presentOwnVideo(item: AccountVideo, origins: ApiOrigins) {
  return apiVideo(videoJson(item, item.showcaseId ?? 0), {
    origins,
    albumId: item.showcaseId,
    state: stateOf(item),
  });
}

/** A page of an account's videos: the owner's own view, or each as the showcase listing it shows it. */
export async function presentAccountVideos(
  context: APIContext,
  db: Db,
  items: AccountVideo[],
  self: boolean,
  origins: ApiOrigins,
) {
  if (self)
    return withLiveViewers(
      db,
      await withCountedPlays(
        db,
        items.map((item) => presentOwnVideo(item, origins)),
      ),
      { owner: true },
    );
  const opened = new Map<number, OpenShowcase | null>();
  const shaped = [];
  for (const item of items) {
    const albumId = item.showcaseId;
    if (albumId === null) continue;
    if (!opened.has(albumId)) opened.set(albumId, await openForReader(context, db, albumId));
    const open = opened.get(albumId);
    if (open) shaped.push(apiVideo(open.present(item), { origins, albumId, state: AVAILABLE }));
  }
  return withLiveViewers(db, await withCountedPlays(db, shaped), { owner: false });
}

export type ApiVideoAnswer = { video: ReturnType<typeof presentOwnVideo>; private: boolean } | null;

/** GET /videos/{id}: the owner's view, or the first showcase this viewer may watch it in; null when neither. */
export async function findApiVideo(
  context: APIContext,
  db: Db,
  videoId: number,
  origins: ApiOrigins,
): Promise<ApiVideoAnswer> {
  const item = await findAccountVideo(db, videoId);
  if (!item) return null;
  if (apiReaderId(context.locals) === item.video.ownerId) {
    const [video] = await withLiveViewers(
      db,
      await withCountedPlays(db, [presentOwnVideo(item, origins)]),
      { owner: true },
    );
    return { video: video!, private: true };
  }
  for (const albumId of await showcasesHolding(db, videoId)) {
    const open = await openForReader(context, db, albumId);
    const shown = open ? await findShowcaseVideo(db, albumId, videoId) : null;
    if (!open || !shown) continue;
    const { video, downloadAccess } = await presentShowcaseVideo(context, db, open, shown, origins);
    // Shared by caches only as every anonymous viewer sees it; download links are signed for one viewer.
    const anonymous =
      apiReaderId(context.locals) === null && !context.cookies.has(CONTENT_RATING_COOKIE);
    return { video, private: !(open.shareable && anonymous && downloadAccess === 'none') };
  }
  return null;
}
