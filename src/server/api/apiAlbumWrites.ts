/**
 * Vimeo's writes of albums (showcases), at /me/albums, /albums/{id}… and
 * /users/{userId}/albums/{id}…: made, edited and deleted, and their videos added, removed and
 * ordered, each by the function the studio's showcase editor uses, with its checks. Only
 * the owner's token writes; whether anybody else may see the album is the read's access
 * path (findApiAlbum), which decides between 403 and 404.
 */
import type { APIContext } from 'astro';
import { parseShowcaseSettings } from '../../lib/showcaseSettings.ts';
import {
  albumOrderOf,
  albumPatchReader,
  albumPatchSchema,
  invalidAlbumFields,
  type AlbumPatch,
  type StoredAlbum,
} from '../../lib/vimeoWrites.ts';
import { findApiAlbum } from '../access/apiAlbumAccess.ts';
import { getDb, type Db } from '../db/client.ts';
import { showcases } from '../db/schema.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson, parseId } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { albumJson } from '../showcases/represent.ts';
import {
  addShowcaseVideos,
  createShowcase,
  deleteShowcase,
  findStudioShowcase,
  listStudioShowcaseVideos,
  removeShowcaseVideo,
  reorderShowcase,
  saveShowcaseSettings,
  settingsVersion,
  type ShowcaseRow,
} from '../studio/showcaseStudio.ts';
import { ownedVideoIds } from '../studio/videoStudio.ts';
import { findAccountShowcase, showcasePictures } from './apiQueries.ts';
import { apiAlbum, signedPictures } from './apiShapes.ts';
import { beginWriteCall, invalidFields, notTheirs, readBody, type WriteCall } from './apiWrites.ts';

const ALBUM_BODY =
  '{ "name", "description", "privacy", "password", "sort", "layout", "theme", "brand_color", ' +
  '"domain", "hide_nav", "hide_upcoming", "allow_downloads", "allow_share", ' +
  '"allow_continuous_play", "autoplay" }';

type Owned = { userId: number; version: string; showcase: ShowcaseRow };

/**
 * The caller's own showcase of the route, after the scope check. Under /users/{userId}/ only
 * that user's showcase is there; one the caller may not open answers 404 as for a read.
 */
async function ownAlbum(
  context: APIContext,
  db: Db,
  call: WriteCall,
): Promise<Owned | { error: Response }> {
  if ('error' in call) return call;
  const albumId = parseId(context.params['albumId']);
  const owner = context.params['userId'];
  if (albumId === null || (owner !== undefined && parseId(owner) !== call.userId)) {
    const seen = albumId !== null && !('error' in (await findApiAlbum(context, db)));
    return { error: notTheirs(context, seen, 'album') };
  }
  const showcase = await findStudioShowcase(db, call.userId, albumId);
  if (showcase) return { userId: call.userId, version: call.version, showcase };
  return { error: notTheirs(context, !('error' in (await findApiAlbum(context, db))), 'album') };
}

function storedAlbum(showcase: ShowcaseRow): StoredAlbum {
  return {
    name: showcase.name,
    description: showcase.description,
    privacyView: showcase.privacyView,
    sort: showcase.sort,
    layout: showcase.layout,
    theme: showcase.theme,
    brandColor: showcase.brandColor,
    domain: showcase.domain,
    embedDomains: showcase.embedDomains,
    thumbnailVideoId: showcase.thumbnailVideoId,
    featuredVideoId: showcase.featuredVideoId,
    hideNav: showcase.hideNav,
    hideUpcoming: showcase.hideUpcoming,
    allowDownloads: showcase.allowDownloads,
    allowShare: showcase.allowShare,
    allowContinuousPlay: showcase.allowContinuousPlay,
    autoplay: showcase.autoplay,
  };
}

/**
 * Checks the body over `showcase`'s settings and saves them; the 400 of the studio's
 * refusals otherwise. The version is the one just read, so only a save in between conflicts.
 */
async function saveAlbum(
  context: APIContext,
  db: Db,
  showcase: ShowcaseRow,
  patch: AlbumPatch,
): Promise<Response | null> {
  const videoIds = (await listStudioShowcaseVideos(db, showcase.id)).map((video) => video.id);
  const parsed = parseShowcaseSettings(albumPatchReader(patch, storedAlbum(showcase)), {
    hasPassword: showcase.passwordHash !== null,
    videoIds,
  });
  if (!parsed.ok) return invalidFields(context, invalidAlbumFields(parsed.errors));
  const outcome = await saveShowcaseSettings(
    db,
    showcase,
    parsed.settings,
    settingsVersion(showcase),
  );
  if (outcome === 'domainTaken')
    return invalidFields(context, [{ field: 'domain', error: 'studio.domainTaken', values: {} }]);
  if (outcome === 'conflict')
    return jsonError(context.locals, 400, {
      error: context.locals.t('studio.changedElsewhere'),
      developer_message: 'The album changed while this call was saving it; nothing was saved.',
    });
  return null;
}

/** The owner's album as Vimeo shapes it, `status` 200 or 201. */
async function ownAlbumAnswer(
  context: APIContext,
  db: Db,
  owned: Pick<Owned, 'version'> & { albumId: number },
  status = 200,
): Promise<Response> {
  const found = (await findAccountShowcase(db, owned.albumId))!;
  const pictures = (await showcasePictures(db, [owned.albumId])).get(owned.albumId) ?? [];
  const body = apiAlbum(albumJson({ ...found, hasRestrictedVideos: false }), {
    origins: apiOrigins(context.url, context.request),
    pictures: signedPictures(pictures, false),
  });
  return apiJson(context, body, { resource: 'album', cache: 'private' }, owned.version, status);
}

const noContent = () =>
  new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /me/albums: a showcase as the studio makes one, with the body's settings over a new
 * showcase's (checked before anything is written); answers it (201).
 */
export async function createAlbumAnswer(context: APIContext): Promise<Response> {
  const call = beginWriteCall(context, 'create');
  if ('error' in call) return call.error;
  const read = await readBody(context, albumPatchSchema, ALBUM_BODY);
  if ('error' in read) return read.error;
  const db = await getDb();
  const parsed = parseShowcaseSettings(albumPatchReader(read.body, NEW_SHOWCASE), {
    hasPassword: false,
    videoIds: [],
  });
  if (!parsed.ok) return invalidFields(context, invalidAlbumFields(parsed.errors));
  const albumId = await createShowcase(db, call.userId, parsed.settings.name);
  const showcase = (await findStudioShowcase(db, call.userId, albumId))!;
  const refused = await saveAlbum(context, db, showcase, read.body);
  if (refused) {
    await deleteShowcase(db, albumId);
    return refused;
  }
  return ownAlbumAnswer(context, db, { version: call.version, albumId }, 201);
}

/** What a showcase starts with: the table's defaults (schema.ts). */
const NEW_SHOWCASE: StoredAlbum = {
  name: '',
  description: '',
  privacyView: showcases.privacyView.default as string,
  sort: showcases.sort.default as string,
  layout: showcases.layout.default as string,
  theme: showcases.theme.default as string,
  brandColor: showcases.brandColor.default as string,
  domain: null,
  embedDomains: [],
  thumbnailVideoId: null,
  featuredVideoId: null,
  hideNav: showcases.hideNav.default as boolean,
  hideUpcoming: showcases.hideUpcoming.default as boolean,
  allowDownloads: showcases.allowDownloads.default as boolean,
  allowShare: showcases.allowShare.default as boolean,
  allowContinuousPlay: showcases.allowContinuousPlay.default as boolean,
  autoplay: showcases.autoplay.default as boolean,
};

/** PATCH /albums/{id}: the settings the body names, the others kept; answers the album. */
export async function patchAlbumAnswer(context: APIContext): Promise<Response> {
  const db = await getDb();
  const owned = await ownAlbum(context, db, beginWriteCall(context, 'edit'));
  if ('error' in owned) return owned.error;
  const read = await readBody(context, albumPatchSchema, ALBUM_BODY);
  if ('error' in read) return read.error;
  const refused = await saveAlbum(context, db, owned.showcase, read.body);
  if (refused) return refused;
  return ownAlbumAnswer(context, db, { ...owned, albumId: owned.showcase.id });
}

/** DELETE /albums/{id}: the showcase goes, its videos stay in the library (204). */
export async function deleteAlbumAnswer(context: APIContext): Promise<Response> {
  const db = await getDb();
  const owned = await ownAlbum(context, db, beginWriteCall(context, 'delete'));
  if ('error' in owned) return owned.error;
  await deleteShowcase(db, owned.showcase.id);
  return noContent();
}

/** PUT /albums/{id}/videos/{videoId}: one of the owner's videos added at the end (204; already there, as it was). */
export async function addAlbumVideoAnswer(context: APIContext): Promise<Response> {
  const db = await getDb();
  const owned = await ownAlbum(context, db, beginWriteCall(context, 'edit'));
  if ('error' in owned) return owned.error;
  const videoId = parseId(context.params['videoId']);
  const [own] = videoId === null ? [] : await ownedVideoIds(db, owned.userId, [videoId]);
  if (own === undefined)
    return jsonError(context.locals, 404, {
      developer_message: 'Only videos of the album owner’s own library can be added.',
    });
  await addShowcaseVideos(db, owned.userId, owned.showcase.id, [own]);
  return noContent();
}

/** DELETE /albums/{id}/videos/{videoId}: the video leaves the album and stays in the library (204). */
export async function removeAlbumVideoAnswer(context: APIContext): Promise<Response> {
  const db = await getDb();
  const owned = await ownAlbum(context, db, beginWriteCall(context, 'edit'));
  if ('error' in owned) return owned.error;
  const videoId = parseId(context.params['videoId']);
  const inAlbum = (await listStudioShowcaseVideos(db, owned.showcase.id)).some(
    (video) => video.id === videoId,
  );
  if (videoId === null || !inAlbum) return jsonError(context.locals, 404);
  await removeShowcaseVideo(db, owned.showcase.id, videoId);
  return noContent();
}

const ORDER_REFUSALS = {
  unknown: 'names a video that is not in the album',
  missing: 'leaves out videos of the album; name each of them once',
  repeated: 'names a video twice',
} as const;

/**
 * PATCH /albums/{id}/videos { videos: [{ uri }, …] }: the album's own order (its `arranged`
 * sort), naming each of its videos once, as the editor's reordering does (204).
 */
export async function orderAlbumVideosAnswer(context: APIContext): Promise<Response> {
  const db = await getDb();
  const owned = await ownAlbum(context, db, beginWriteCall(context, 'edit'));
  if ('error' in owned) return owned.error;
  const order = albumOrderOf(await context.request.json().catch(() => null));
  const outcome = order ? await reorderShowcase(db, owned.showcase.id, order) : null;
  if (outcome?.ok) return noContent();
  const developer_message = `Send JSON { "videos": [{ "uri": "/videos/{id}" }, …] }; the order ${
    outcome ? ORDER_REFUSALS[outcome.reason] : 'names no video uris'
  }.`;
  return jsonError(context.locals, 400, {
    error: context.locals.t('errors.apiInvalidParameter'),
    developer_message,
    invalid_parameters: [{ field: 'videos', developer_message }],
  });
}
