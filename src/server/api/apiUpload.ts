/**
 * Vimeo's upload (POST /me/videos with the tus approach): the video is made at once, with
 * its title, description and privacy, processing and hidden from showcases; a tus upload is
 * opened for its file on the existing endpoint, and its address (upload_link, on the API
 * origin) is the credential the client sends the bytes with. The finished upload becomes the
 * video's source and goes through the same transcode job as a browser upload.
 */
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import { VIDEO_PRIVACY } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { createLinkedUpload } from '../ingest/tusUploads.ts';
import {
  creationRefusal,
  DEVELOPER_MESSAGES,
  refusalMessage,
  type UploadRefusal,
} from '../ingest/uploadLimits.ts';
import { findAccountVideo } from './apiQueries.ts';
import { presentOwnVideo } from './apiVideos.ts';

/** Privacy an API upload may ask for: the video privacies that need nothing more (a password does). */
const UPLOAD_PRIVACY = VIDEO_PRIVACY.filter((view) => view !== 'password' && view !== 'stock');

export const uploadRequestSchema = z.object({
  upload: z.object({
    approach: z.literal('tus'),
    size: z.number().int().positive(),
  }),
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(5000).optional(),
  privacy: z
    .object({
      view: z.enum(UPLOAD_PRIVACY as [string, ...string[]]).optional(),
      download: z.boolean().optional(),
    })
    .optional(),
  /** The file's name, which tells the stored source's type (Vimeo's replace() sends it). */
  file_name: z.string().max(255).optional(),
});

export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export type CreatedUpload = { videoId: number; uploadId: string } | { refused: UploadRefusal };

export async function createApiUpload(
  db: Db,
  accountId: number,
  request: UploadRequest,
): Promise<CreatedUpload> {
  // The same limits as a tus creation: the upload it opens is never created by a tus POST.
  const refused = await creationRefusal(db, accountId, request.upload.size);
  if (refused) return { refused };
  const name = request.name ?? 'Untitled';
  const [video] = await db
    .insert(videos)
    .values({
      ownerId: accountId,
      uploaderId: accountId,
      name,
      description: request.description ?? '',
      status: 'processing',
      privacyView: request.privacy?.view ?? 'anybody',
      privacyDownload: request.privacy?.download ?? true,
    })
    .returning({ id: videos.id });
  const videoId = video!.id;
  const uploadId = await createLinkedUpload(
    { accountId, uploaderId: accountId },
    videoId,
    request.upload.size,
    request.file_name ?? name,
  );
  return { videoId, uploadId };
}

/** An upload the limits refuse, in the uploader's words and the developer's. */
export function uploadRefusalAnswer(context: APIContext, refused: UploadRefusal): Response {
  return jsonError(context.locals, refused.status, {
    error: refusalMessage(refused, context.locals.t, context.locals.locale),
    developer_message: DEVELOPER_MESSAGES[refused.reason],
  });
}

/**
 * The video an upload was opened for (201), with Vimeo's `upload`: the client sends the
 * file to upload_link, on the API origin.
 */
export async function openedUploadAnswer(
  context: APIContext,
  db: Db,
  opened: { videoId: number; uploadId: string; size: number },
  version: string,
): Promise<Response> {
  const video = await findAccountVideo(db, opened.videoId);
  const origins = apiOrigins(context.url, context.request);
  const upload = {
    approach: 'tus',
    upload_link: `${origins.api}/uploads/${opened.uploadId}`,
    size: opened.size,
    status: 'in_progress',
  };
  return apiJson(
    context,
    { ...presentOwnVideo(video!, origins), upload },
    { resource: 'video', cache: 'private' },
    version,
    201,
  );
}
