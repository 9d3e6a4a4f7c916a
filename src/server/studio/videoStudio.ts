/**
 * The studio's video library: a page of an account's videos found by title and filtered by
 * privacy, status and folder; one video with its text tracks and showcases; saving its settings,
 * its picture (a frame of the video or an uploaded image, in the SPEC §9 sizes), its
 * caption tracks; and deleting videos with every file they have in media storage.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContentRating, VideoPrivacy } from '../../lib/domain.ts';
import { LIBRARY_PAGE_SIZE, type LibraryQuery } from '../../lib/libraryQuery.ts';
import type { VideoSettings } from '../../lib/videoSettings.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import {
  showcases,
  showcaseVideos,
  textTracks,
  videoFiles,
  videoPictures,
  videos,
} from '../db/schema.ts';
import { localSource } from '../ingest/transcode.ts';
import { extractThumbnails, thumbnailFileName } from '../media/thumbnails.ts';
import { videoStorageKey, type MediaStorage } from '../media/storage.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { forgetShowcaseReads } from '../showcases/cachedReads.ts';
import { sign } from '../showcases/represent.ts';
import { titleContains } from './showcaseStudio.ts';

export interface LibraryVideo {
  id: number;
  name: string;
  type: string;
  privacy: VideoPrivacy;
  status: string;
  duration: number;
  uploaderId: number | null;
  /** The library folder it is filed in; null: none. */
  folderId: number | null;
  thumbnail: string | null;
}

export interface StudioVideo extends LibraryVideo {
  description: string;
  privacyDownload: boolean;
  contentRating: ContentRating;
  hasPassword: boolean;
  errorMessage: string | null;
  /** Its current version: one more for each replaced source (src/lib/reviewVersions.ts). */
  version: number;
  tracks: { id: number; language: string; displayName: string }[];
  showcases: { id: number; name: string }[];
}

const pictureOf = (videoId: SQL | typeof videos.id) =>
  sql<
    string | null
  >`(select ${videoPictures.storageKey} from ${videoPictures} where ${videoPictures.videoId} = ${videoId} order by ${videoPictures.width} asc limit 1)`;

const libraryColumns = {
  id: videos.id,
  name: videos.name,
  type: videos.type,
  privacy: videos.privacyView,
  status: videos.status,
  duration: videos.duration,
  uploaderId: videos.uploaderId,
  folderId: videos.folderId,
  pictureKey: pictureOf(videos.id),
};

function asLibraryVideo({
  pictureKey,
  ...row
}: { pictureKey: unknown } & Omit<LibraryVideo, 'thumbnail' | 'privacy'> & {
    privacy: string;
  }): LibraryVideo {
  return {
    ...row,
    privacy: row.privacy as VideoPrivacy,
    thumbnail: typeof pictureKey === 'string' ? sign(pictureKey) : null,
  };
}

export async function listLibrary(
  db: Db,
  ownerId: number,
  query: LibraryQuery,
): Promise<{ total: number; items: LibraryVideo[] }> {
  const where = and(
    eq(videos.ownerId, ownerId),
    titleContains(query.text),
    query.privacy ? eq(videos.privacyView, query.privacy) : undefined,
    query.status ? eq(videos.status, query.status) : undefined,
    query.folder === null ? undefined : eq(videos.folderId, query.folder),
  );
  const [counted] = await db.select({ total: count() }).from(videos).where(where);
  const rows = await db
    .select(libraryColumns)
    .from(videos)
    .where(where)
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(LIBRARY_PAGE_SIZE)
    .offset((query.page - 1) * LIBRARY_PAGE_SIZE);
  return { total: Number(counted?.total ?? 0), items: rows.map(asLibraryVideo) };
}

export async function findStudioVideo(
  db: Db,
  ownerId: number,
  videoId: number,
): Promise<StudioVideo | null> {
  const [row] = await db
    .select({
      ...libraryColumns,
      description: videos.description,
      privacyDownload: videos.privacyDownload,
      contentRating: videos.contentRating,
      passwordHash: videos.passwordHash,
      errorMessage: videos.errorMessage,
      version: videos.version,
    })
    .from(videos)
    .where(and(eq(videos.ownerId, ownerId), eq(videos.id, videoId)))
    .limit(1);
  if (!row) return null;
  const { passwordHash, contentRating, ...rest } = row;
  const [tracks, placed] = await Promise.all([
    db
      .select({
        id: textTracks.id,
        language: textTracks.language,
        displayName: textTracks.displayName,
      })
      .from(textTracks)
      .where(eq(textTracks.videoId, videoId))
      .orderBy(asc(textTracks.displayName)),
    db
      .select({ id: showcases.id, name: showcases.name })
      .from(showcaseVideos)
      .innerJoin(showcases, eq(showcases.id, showcaseVideos.showcaseId))
      .where(eq(showcaseVideos.videoId, videoId))
      .orderBy(asc(showcases.name)),
  ]);
  return {
    ...asLibraryVideo(rest),
    description: rest.description,
    privacyDownload: rest.privacyDownload,
    errorMessage: rest.errorMessage,
    version: rest.version,
    contentRating: contentRating as ContentRating,
    hasPassword: passwordHash !== null,
    tracks,
    showcases: placed,
  };
}

/** The ids among `videoIds` that belong to the account (and, for `uploaderId`, that this user uploaded). */
export async function ownedVideoIds(
  db: Db,
  ownerId: number,
  videoIds: readonly number[],
  uploaderId: number | null = null,
): Promise<number[]> {
  if (videoIds.length === 0) return [];
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.ownerId, ownerId),
        inArray(videos.id, [...videoIds]),
        uploaderId === null ? undefined : eq(videos.uploaderId, uploaderId),
      ),
    );
  return rows.map((row) => row.id);
}

export async function saveVideoSettings(
  db: Db,
  videoId: number,
  settings: VideoSettings,
): Promise<void> {
  const passwordHash = settings.newPassword ? await hashPassword(settings.newPassword) : undefined;
  await db
    .update(videos)
    .set({
      name: settings.name,
      description: settings.description,
      privacyView: settings.privacyView,
      privacyDownload: settings.privacyDownload,
      contentRating: settings.contentRating,
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where(eq(videos.id, videoId));
  forgetShowcaseReads();
}

export async function setVideosPrivacy(
  db: Db,
  videoIds: readonly number[],
  privacy: VideoPrivacy,
): Promise<void> {
  if (videoIds.length === 0) return;
  await db
    .update(videos)
    .set({ privacyView: privacy })
    .where(inArray(videos.id, [...videoIds]));
  forgetShowcaseReads();
}

/** Deletes the videos and then every file of theirs in media storage. */
export async function deleteVideos(
  db: Db,
  storage: MediaStorage,
  videoIds: readonly number[],
): Promise<void> {
  if (videoIds.length === 0) return;
  await db.delete(videos).where(inArray(videos.id, [...videoIds]));
  forgetShowcaseReads();
  for (const videoId of videoIds) await storage.deletePrefix(videoStorageKey(videoId));
}

/**
 * New pictures in every SPEC §9 size, from the frame at `seconds` of the video or from an
 * image file; stored under fresh names (so no cache shows the old ones) and the old removed.
 */
export async function replacePictures(
  db: Db,
  storage: MediaStorage,
  videoId: number,
  from: { seconds: number } | { imagePath: string },
): Promise<void> {
  const scratch = await makeScratchDir(`picture-${videoId}`);
  try {
    let input: string;
    if ('imagePath' in from) {
      input = from.imagePath;
    } else {
      const [file] = await db
        .select({ storageKey: videoFiles.storageKey })
        .from(videoFiles)
        .where(
          and(eq(videoFiles.videoId, videoId), inArray(videoFiles.quality, ['hd', 'sd', 'uhd'])),
        )
        .orderBy(desc(videoFiles.height))
        .limit(1);
      if (!file) throw new Error(`video ${videoId} has no rendition to take a frame from`);
      input = await localSource(storage, file.storageKey, scratch);
    }
    const made = await extractThumbnails(input, path.join(scratch, 'pictures'), {
      atSeconds: 'seconds' in from ? from.seconds : 0,
      durationSeconds: null,
    });
    const stamp = randomBytes(4).toString('hex');
    const old = await db
      .select({ storageKey: videoPictures.storageKey })
      .from(videoPictures)
      .where(eq(videoPictures.videoId, videoId));
    const rows: (typeof videoPictures.$inferInsert)[] = [];
    for (const picture of made) {
      const key = videoStorageKey(videoId, 'pictures', `${stamp}-${thumbnailFileName(picture)}`);
      await storage.put(key, picture.path, { contentType: 'image/jpeg', move: true });
      rows.push({ videoId, width: picture.width, height: picture.height, storageKey: key });
    }
    await db.transaction(async (tx) => {
      await tx.delete(videoPictures).where(eq(videoPictures.videoId, videoId));
      await tx.insert(videoPictures).values(rows);
    });
    forgetShowcaseReads();
    for (const { storageKey } of old) await storage.delete(storageKey).catch(() => {});
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function addTextTrack(
  db: Db,
  storage: MediaStorage,
  videoId: number,
  track: { language: string; displayName: string; vtt: string },
): Promise<void> {
  const scratch = await makeScratchDir(`track-${videoId}`);
  try {
    const file = path.join(scratch, 'track.vtt');
    await writeFile(file, track.vtt);
    const key = videoStorageKey(
      videoId,
      'tracks',
      `${randomBytes(6).toString('hex')}.${track.language}.vtt`,
    );
    await storage.put(key, file, { contentType: 'text/vtt', move: true });
    await db.insert(textTracks).values({
      videoId,
      language: track.language,
      displayName: track.displayName,
      storageKey: key,
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function deleteTextTrack(
  db: Db,
  storage: MediaStorage,
  videoId: number,
  trackId: number,
): Promise<boolean> {
  const [removed] = await db
    .delete(textTracks)
    .where(and(eq(textTracks.videoId, videoId), eq(textTracks.id, trackId)))
    .returning({ storageKey: textTracks.storageKey });
  if (removed) await storage.delete(removed.storageKey).catch(() => {});
  return removed !== undefined;
}
