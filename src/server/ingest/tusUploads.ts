/**
 * Resumable uploads (tus 1.0, @tus/server; where their bytes wait: uploadBytes.ts). The
 * route hands over the signed-in viewer; every upload is tagged with its owner, so nobody
 * else can continue, inspect or delete it. The plan's largest file, the quota and the free
 * disk are checked before an upload's first byte, when it is created (from Upload-Length) and
 * at each PATCH (uploadLimits.ts); the quota again when it finishes. A finished upload becomes
 * a video with a transcode job (ingestUpload.ts). On PostgreSQL the lock around a write spans
 * the nodes (uploadLocker.ts), so any node may continue any upload of a shared bucket.
 */
import { randomBytes } from 'node:crypto';
import { ERRORS, Server, Upload, type ServerOptions } from '@tus/server';
import { and, eq } from 'drizzle-orm';
import type { Translate } from '../../lib/translationKeys.ts';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { showcases, videos } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { parseId } from '../http/apiResponse.ts';
import { classifyError } from '../http/errorClassification.ts';
import type { TeamRole } from '../../lib/domain.ts';
import { mayEditVideo } from '../../lib/studioPermissions.ts';
import { isVideoFileType } from '../../lib/uploadFile.ts';
import { isMediaError } from '../media/mediaError.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { probeMedia } from '../media/probe.ts';
import {
  appendRefusal,
  creationRefusal,
  planUploadLimit,
  refusalMessage,
  type UploadRefusal,
} from './uploadLimits.ts';
import { ingestUpload, QuotaExceededError, replaceVideoSource } from './ingestUpload.ts';
import { createUploadBytes, type UploadBytes } from './uploadBytes.ts';
import { createUploadLocker } from './uploadLocker.ts';
import { UPLOADS_PATH, VIDEO_ID_HEADER } from './uploadsPath.ts';

export interface Uploader {
  /** The account the video goes to (and whose quota it counts against). */
  accountId: number;
  /** The uploader's role in that account: decides whose videos they may replace the source of. */
  role: TeamRole;
  /** Who sends it: the only one who may continue, inspect or cancel the upload. */
  uploaderId: number;
  t: Translate;
  /** The uploader's language, for the sizes refusals name. */
  locale: string;
}

/** The tus server only sees the Request; this is who sent it. */
const uploaders = new WeakMap<Request, Uploader>();

type TusRefusal = { status_code: number; body: string };

function refusal(status: number, error: string): TusRefusal {
  return { status_code: status, body: JSON.stringify({ error, status }) };
}

function uploaderOf(req: Request): Uploader {
  const uploader = uploaders.get(req);
  // The route refuses anonymous requests before handing them over.
  if (!uploader) throw refusal(401, 'Unauthorized');
  return uploader;
}

/** The largest file of the plan of the account a request uploads to, read once a request. */
const planLimits = new WeakMap<Request, Promise<number>>();

function planLimitOf(req: Request): Promise<number> {
  let limit = planLimits.get(req);
  if (!limit) {
    const { accountId } = uploaderOf(req);
    limit = getDb().then((db) => planUploadLimit(db, accountId));
    planLimits.set(req, limit);
  }
  return limit;
}

function limitRefusal(uploader: Uploader, refused: UploadRefusal): TusRefusal {
  return refusal(refused.status, refusalMessage(refused, uploader.t, uploader.locale));
}

const headerNumber = (req: Request, name: string): number | null => {
  const value = req.headers.get(name);
  return value === null ? null : Number(value);
};

/** Upload-Metadata "album": a showcase id of the account uploaded to, or nothing. */
async function ownedShowcase(
  accountId: number,
  value: string | null | undefined,
  t: Translate,
): Promise<number | undefined> {
  if (!value) return undefined;
  const id = parseId(value);
  if (id === null) throw refusal(400, t('errors.badRequestBody'));
  const db = await getDb();
  const [owned] = await db
    .select({ id: showcases.id })
    .from(showcases)
    .where(and(eq(showcases.id, id), eq(showcases.ownerId, accountId)));
  if (!owned) throw refusal(403, t('errors.forbiddenBody'));
  return id;
}

/** Does the finished file hold a picture ffprobe can read? A renamed document does not. */
async function holdsVideo(filePath: string): Promise<boolean> {
  try {
    await probeMedia(filePath);
    return true;
  } catch (error) {
    if (isMediaError(error) && (error.code === 'unreadable' || error.code === 'no-video'))
      return false;
    throw error;
  }
}

/** Upload-Metadata "replaces": a video of the account whose source the uploader may replace, or nothing. */
async function replacedVideo(
  uploader: Uploader,
  value: string | null | undefined,
): Promise<number | undefined> {
  if (!value) return undefined;
  const id = parseId(value);
  if (id === null) throw refusal(400, uploader.t('errors.badRequestBody'));
  const db = await getDb();
  const [video] = await db
    .select({ id: videos.id, uploaderId: videos.uploaderId, type: videos.type })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.ownerId, uploader.accountId)));
  if (
    !video ||
    video.type !== 'video' ||
    !mayEditVideo(uploader.role, uploader.uploaderId, video.uploaderId)
  )
    throw refusal(403, uploader.t('errors.forbiddenBody'));
  return id;
}

function createServer(bytes: UploadBytes): Server {
  const { datastore } = bytes;
  const storage = mediaStorage();
  const options: ServerOptions & { datastore: UploadBytes['datastore'] } = {
    path: UPLOADS_PATH,
    datastore,
    locker: createUploadLocker(config().DATABASE_URL),
    relativeLocation: true,
    exposedHeaders: [VIDEO_ID_HEADER],
    // Also caps what a deferred upload sent chunked, with no length to check first, may write.
    maxSize: (req) => planLimitOf(req),
    async onUploadCreate(req, upload) {
      const uploader = uploaderOf(req);
      const { accountId, uploaderId, t } = uploader;
      if (!isVideoFileType(upload.metadata?.['filetype'], upload.metadata?.['filename']))
        throw refusal(415, t('upload.notVideo'));
      await ownedShowcase(accountId, upload.metadata?.['album'], t);
      await replacedVideo(uploader, upload.metadata?.['replaces']);
      const refused = await creationRefusal(await getDb(), accountId, upload.size);
      if (refused) throw limitRefusal(uploader, refused);
      return {
        metadata: { ...upload.metadata, ownerId: String(uploaderId), accountId: String(accountId) },
      };
    },
    async onIncomingRequest(req, uploadId) {
      const uploader = uploaderOf(req);
      const { uploaderId, accountId } = uploader;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      // Someone else's upload answers as a missing one: ids are not confirmed to strangers.
      if (
        upload &&
        (upload.metadata?.['ownerId'] !== String(uploaderId) ||
          (upload.metadata?.['accountId'] ?? upload.metadata?.['ownerId']) !== String(accountId))
      ) {
        throw refusal(404, 'Not found');
      }
      if (upload && req.method === 'PATCH') {
        const refused = await appendRefusal(await planLimitOf(req), {
          size: upload.size,
          offset: upload.offset,
          uploadLength: headerNumber(req, 'upload-length'),
          contentLength: headerNumber(req, 'content-length'),
        });
        if (refused) throw limitRefusal(uploader, refused);
      }
    },
    async onUploadFinish(req, upload) {
      const uploader = uploaderOf(req);
      const { accountId, uploaderId, t } = uploader;
      const showcaseId = await ownedShowcase(accountId, upload.metadata?.['album'], t);
      const replaces = await replacedVideo(uploader, upload.metadata?.['replaces']);
      const filePath = await bytes.localFile(upload.id);
      if (!(await holdsVideo(filePath))) {
        await bytes.discard(upload.id, filePath);
        throw refusal(415, t('upload.notVideo'));
      }
      try {
        const name = upload.metadata?.['filename'] ?? undefined;
        const { videoId } =
          replaces === undefined
            ? await ingestUpload(await getDb(), storage, {
                ownerId: accountId,
                uploaderId,
                tusId: upload.id,
                filePath,
                sizeBytes: upload.offset,
                name,
                showcaseId,
                move: true,
              })
            : await replaceVideoSource(await getDb(), storage, {
                videoId: replaces,
                ownerId: accountId,
                filePath,
                sizeBytes: upload.offset,
                name: name ?? 'source',
                tusId: upload.id,
              });
        // The bytes now belong to the video; only the upload's bookkeeping is left.
        await bytes.forget(upload.id);
        return { headers: { [VIDEO_ID_HEADER]: String(videoId) } };
      } catch (error) {
        if (error instanceof QuotaExceededError) {
          await bytes.discard(upload.id, filePath);
          throw refusal(413, t(error.messageKey));
        }
        throw error;
      }
    },
    // tus protocol errors carry their own status, and a creation or a chunked stream past the
    // plan's largest file the uploader's message; a database out of reach is temporary;
    // anything else is ours, logged, not shown.
    async onResponseError(req, error) {
      const uploader = uploaders.get(req);
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED && uploader)
        return limitRefusal(uploader, {
          status: 413,
          reason: 'tooLarge',
          max: await planLimitOf(req),
        });
      const t = uploader?.t ?? ((key: string) => key);
      // Another request, maybe on another node, is writing this upload and did not let go.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return refusal(423, t('upload.busy'));
      if (!(error instanceof Error) || 'status_code' in error) return undefined;
      if (classifyError(error) === 'unavailable') return refusal(503, t('errors.unavailableBody'));
      logger.error({ err: error }, 'upload failed');
      return refusal(500, t('errors.technicalBody'));
    },
  };
  return new Server(options);
}

const KEY = Symbol.for('vitrine.tus');
const holder = globalThis as { [KEY]?: { datastore: UploadBytes['datastore']; server: Server } };

function tus(): { datastore: UploadBytes['datastore']; server: Server } {
  if (!holder[KEY]) {
    const bytes = createUploadBytes(config());
    holder[KEY] = { datastore: bytes.datastore, server: createServer(bytes) };
  }
  return holder[KEY];
}

/** Answers a tus request of a signed-in viewer. */
export function handleUpload(request: Request, uploader: Uploader): Promise<Response> {
  uploaders.set(request, uploader);
  return tus().server.handleWeb(request);
}

export interface PendingUpload {
  name: string;
  size: number | null;
  offset: number;
}

/** An upload still under way, if `uploaderId` sent it (a finished one is a video by then). */
export async function findPendingUpload(
  uploadId: string,
  uploaderId: number,
): Promise<PendingUpload | null> {
  if (!/^[0-9a-f]{16,64}$/.test(uploadId)) return null;
  const upload = await tus()
    .datastore.getUpload(uploadId)
    .catch(() => null);
  if (!upload || upload.metadata?.['ownerId'] !== String(uploaderId)) return null;
  return {
    name: upload.metadata?.['filename'] ?? uploadId,
    size: upload.size ?? null,
    offset: upload.offset,
  };
}

/**
 * Metadata mark of an upload made by the API for a video it created (POST /me/videos): its
 * address is its credential, as Vimeo's upload_link is, because tus clients send the file
 * there without the token that created it. The id is 128 random bits, and the upload can only
 * become the source of that one video.
 */
const LINKED = 'linked';

/** A tus upload of `size` bytes for the video `videoId` of the account, continued by whoever holds its address. */
export async function createLinkedUpload(
  owner: { accountId: number; uploaderId: number },
  videoId: number,
  size: number,
  fileName: string,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const metadata = {
    filename: fileName,
    replaces: String(videoId),
    ownerId: String(owner.uploaderId),
    accountId: String(owner.accountId),
    [LINKED]: '1',
  };
  await tus().datastore.create(
    new Upload({ id, size, offset: 0, metadata, creation_date: new Date().toISOString() }),
  );
  return id;
}

/** The uploader a request to a linked upload's address stands for, or null when it names none. */
export async function linkedUploader(
  request: Request,
  { t, locale }: Pick<Uploader, 't' | 'locale'>,
): Promise<Uploader | null> {
  const id = new URL(request.url).pathname.split('/').pop() ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const upload = await tus()
    .datastore.getUpload(id)
    .catch(() => null);
  const metadata = upload?.metadata;
  if (metadata?.[LINKED] !== '1') return null;
  const accountId = parseId(metadata['accountId'] ?? undefined);
  const uploaderId = parseId(metadata['ownerId'] ?? undefined);
  if (accountId === null || uploaderId === null) return null;
  return { accountId, uploaderId, role: 'Owner', t, locale };
}
