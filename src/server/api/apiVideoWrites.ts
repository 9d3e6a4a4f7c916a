/**
 * Vimeo's writes of one video (PATCH and DELETE /videos/{id}, POST /videos/{id}/versions),
 * done by the studio's own functions: the settings through the studio editor's check and
 * save, the deletion with every file, a new source through the upload that replaces one.
 * Only the owner's token writes; anybody else learns no more than a read tells them.
 */
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import { parseVideoSettings } from '../../lib/videoSettings.ts';
import { invalidVideoFields, videoPatchReader, videoPatchSchema } from '../../lib/vimeoWrites.ts';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/client.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson, parseId } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { createLinkedUpload } from '../ingest/tusUploads.ts';
import { creationRefusal } from '../ingest/uploadLimits.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { deleteVideos, findStudioVideo, saveVideoSettings } from '../studio/videoStudio.ts';
import type { StudioVideo } from '../studio/videoStudio.ts';
import { findAccountVideo } from './apiQueries.ts';
import { openedUploadAnswer, uploadRefusalAnswer } from './apiUpload.ts';
import { findApiVideo, presentOwnVideo } from './apiVideos.ts';
import { beginWriteCall, invalidFields, notTheirs, readBody } from './apiWrites.ts';

/** The caller's own video of the route, or the refusal: 404 for a bad id or one they may not see, else 403. */
async function ownVideo(
  context: APIContext,
  db: Db,
  userId: number,
): Promise<{ video: StudioVideo } | { error: Response }> {
  const videoId = parseId(context.params['videoId']);
  if (videoId === null) return { error: jsonError(context.locals, 404) };
  const video = await findStudioVideo(db, userId, videoId);
  if (video) return { video };
  const seen = await findApiVideo(context, db, videoId, apiOrigins(context.url, context.request));
  return { error: notTheirs(context, seen !== null, 'video') };
}

async function ownVideoAnswer(context: APIContext, db: Db, videoId: number, version: string) {
  const item = await findAccountVideo(db, videoId);
  return apiJson(
    context,
    presentOwnVideo(item!, apiOrigins(context.url, context.request)),
    { resource: 'video', cache: 'private' },
    version,
  );
}

/** PATCH /videos/{id}: the fields the studio edits, under the studio's rules; answers the video. */
export async function patchVideoAnswer(context: APIContext): Promise<Response> {
  const call = beginWriteCall(context, 'edit');
  if ('error' in call) return call.error;
  const db = await getDb();
  const own = await ownVideo(context, db, call.userId);
  if ('error' in own) return own.error;
  const read = await readBody(
    context,
    videoPatchSchema,
    '{ "name", "description", "privacy": { "view", "download" }, "password", "content_rating": [] }',
  );
  if ('error' in read) return read.error;
  const { video } = own;
  const parsed = parseVideoSettings(
    videoPatchReader(read.body, {
      name: video.name,
      description: video.description,
      privacy: video.privacy,
      privacyDownload: video.privacyDownload,
      contentRating: video.contentRating,
    }),
    { hasPassword: video.hasPassword, isStock: video.type === 'stock' },
  );
  if (!parsed.ok) return invalidFields(context, invalidVideoFields(parsed.errors));
  await saveVideoSettings(db, video.id, parsed.settings);
  return ownVideoAnswer(context, db, video.id, call.version);
}

/** DELETE /videos/{id}: the video and every file of it, as the studio deletes it (204). */
export async function deleteVideoAnswer(context: APIContext): Promise<Response> {
  const call = beginWriteCall(context, 'delete');
  if ('error' in call) return call.error;
  const db = await getDb();
  const own = await ownVideo(context, db, call.userId);
  if ('error' in own) return own.error;
  await deleteVideos(db, mediaStorage(), [own.video.id]);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

const versionRequestSchema = z.object({
  upload: z.object({ approach: z.literal('tus'), size: z.number().int().positive() }),
  file_name: z.string().max(255).optional(),
});

/**
 * POST /videos/{id}/versions { upload: { approach: 'tus', size }, file_name }: Vimeo's
 * replace(). A tus upload is opened whose finished file becomes the video's new source
 * (same id and addresses, transcoded anew, caption tracks kept), under the limits of any
 * upload. The finished file starts the video's next version, to which new review notes are
 * pinned; the earlier version's files are not kept, so the answer is the video with its
 * `upload`, as for a new one.
 */
export async function createVersionAnswer(context: APIContext): Promise<Response> {
  const call = beginWriteCall(context, 'upload');
  if ('error' in call) return call.error;
  const db = await getDb();
  const own = await ownVideo(context, db, call.userId);
  if ('error' in own) return own.error;
  const { video } = own;
  // Live events and stock clips have no source of their own to replace.
  if (video.type !== 'video')
    return jsonError(context.locals, 403, {
      developer_message: `A ${video.type} has no uploaded source to replace.`,
    });
  const read = await readBody(
    context,
    versionRequestSchema,
    '{ "upload": { "approach": "tus", "size": <bytes> }, "file_name" }',
  );
  if ('error' in read) return read.error;
  const { size } = read.body.upload;
  const refused = await creationRefusal(db, call.userId, size);
  if (refused) return uploadRefusalAnswer(context, refused);
  const uploadId = await createLinkedUpload(
    { accountId: call.userId, uploaderId: call.userId },
    video.id,
    size,
    read.body.file_name ?? video.name,
  );
  return openedUploadAnswer(context, db, { videoId: video.id, uploadId, size }, call.version);
}
