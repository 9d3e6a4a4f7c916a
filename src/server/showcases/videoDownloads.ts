/**
 * What a viewer may download of a showcase video (SPEC §3, §5, §6): the decision of
 * src/lib/downloadAccess.ts and, when it allows, the files and text tracks as the API and
 * the download modal show them. The page and the API both read it here.
 */
import { and, eq } from 'drizzle-orm';
import type { Translate } from '../../lib/translationKeys.ts';
import type { DownloadQuality, TeamRole } from '../../lib/domain.ts';
import { downloadAccess, type DownloadAccess } from '../../lib/downloadAccess.ts';
import { QUALITY_NAME_KEYS, type QualityNames } from '../../lib/downloadQualities.ts';
import { isOwnerOrAdmin } from '../../lib/teamRole.ts';
import type { Db } from '../db/client.ts';
import { videoFiles } from '../db/schema.ts';
import { cachedTextTracks } from './cachedReads.ts';
import { downloadJson, textTrackJson, type DownloadJson, type TextTrackJson } from './represent.ts';
import type { ShowcaseWithOwner, VideoRow } from './showcaseQueries.ts';

export interface VideoDownloads {
  access: DownloadAccess;
  download: DownloadJson[];
  textTracks: TextTrackJson[];
}

/** The parts of a video the downloads depend on. */
export type DownloadVideo = Pick<VideoRow, 'id' | 'name' | 'privacyDownload'>;

export interface VideoDownloadsRequest {
  found: ShowcaseWithOwner;
  video: DownloadVideo;
  teamRole: TeamRole | null;
  locale: string;
  t: Translate;
  /** The sh parameter of the request: an unlisted showcase's cold file link needs it. */
  shareHash: string | null;
}

/** The cold file link: GET it (with the viewer's credentials) to ask for retrieval (SPEC §7). */
function coldFileLink(
  albumId: number,
  videoId: number,
  quality: DownloadQuality,
  shareHash: string | null,
): string {
  const query = new URLSearchParams({ quality });
  if (shareHash) query.set('sh', shareHash);
  return `/api/albums/${albumId}/videos/${videoId}/retrieve?${query}`;
}

export function accessToDownloads(
  found: ShowcaseWithOwner,
  video: DownloadVideo,
  teamRole: TeamRole | null,
): DownloadAccess {
  return downloadAccess({
    albumAllowsDownloads: found.showcase.allowDownloads,
    videoAllowsDownloads: video.privacyDownload,
    ownerPlan: found.owner.membershipType,
    viewerIsOwnerOrAdmin: isOwnerOrAdmin(teamRole),
  });
}

export async function loadVideoDownloads(
  db: Db,
  { found, video, teamRole, locale, t, shareHash }: VideoDownloadsRequest,
): Promise<VideoDownloads> {
  const access = accessToDownloads(found, video, teamRole);
  if (access === 'none') return { access, download: [], textTracks: [] };
  const [files, tracks] = await Promise.all([
    db
      .select({
        quality: videoFiles.quality,
        width: videoFiles.width,
        height: videoFiles.height,
        size: videoFiles.size,
        storageKey: videoFiles.storageKey,
        tier: videoFiles.tier,
        defrostRequestedAt: videoFiles.defrostRequestedAt,
      })
      .from(videoFiles)
      .where(and(eq(videoFiles.videoId, video.id), eq(videoFiles.mime, 'video/mp4'))),
    cachedTextTracks(db, video.id),
  ]);
  const names = Object.fromEntries(
    Object.entries(QUALITY_NAME_KEYS).map(([quality, key]) => [quality, t(key)]),
  ) as QualityNames;
  return {
    access,
    download: downloadJson(files, {
      videoName: video.name,
      names,
      locale,
      coldLink: (quality) => coldFileLink(found.showcase.id, video.id, quality, shareHash),
    }),
    textTracks: textTrackJson(tracks, video.name),
  };
}
