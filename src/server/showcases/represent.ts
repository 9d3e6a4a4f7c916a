/**
 * The JSON representations of SPEC §3 (Album, Video, User), as the API answers them and as
 * pages and islands read them. Media links are signed here and nowhere else; a public
 * video's pictures have stable addresses instead.
 */
import { normalizeBrandColor } from '../../lib/brandColor.ts';
import type { ContentLock } from '../../lib/contentGates.ts';
import type { ContentRating, DownloadQuality, LiveStatus } from '../../lib/domain.ts';
import { downloadRows, type QualityNames } from '../../lib/downloadQualities.ts';
import type { DownloadRowInput } from '../../lib/vimeoDownload.ts';
import { parseLiveRule, scheduleJson, type ScheduleJson } from '../../lib/liveSchedule.ts';
import { isListedStockClip, isPublicVideo, type PublicVideoFacts } from '../../lib/publicVideo.ts';
import { signMediaFolder } from '../delivery/signedFolder.ts';
import { downloadFileName, signMediaPath } from '../delivery/signedUrl.ts';
import { LIVE_MASTER, LIVE_POSTER, LIVE_POSTER_SIZE } from '../live/packagerArgs.ts';
import { publicPicturePath } from '../media/publicThumbnails.ts';
import { liveStorageKey } from '../media/storage.ts';
import { secret } from '../secrets.ts';
import type {
  FileRef,
  LiveRef,
  PictureRef,
  ShowcaseWithOwner,
  UserRow,
  VideoWithMedia,
} from './showcaseQueries.ts';

export interface PictureSize {
  width: number;
  height: number;
  link: string;
}

export interface UserJson {
  uri: string;
  name: string;
  link: string;
  pictures: { sizes: PictureSize[] } | null;
}

export interface VideoJson {
  uri: string;
  name: string;
  description: string;
  link: string;
  duration: number;
  width: number | null;
  height: number | null;
  type: string;
  is_free: boolean;
  display_type: string;
  created_time: string;
  privacy: { view: string; download: boolean };
  /** 'mature' for explicit videos, 'unrated' or 'safe' (SPEC §3 content_rating_class). */
  content_rating_class: 'safe' | 'mature' | 'unrated';
  /**
   * Set when this viewer may not watch the video (src/lib/contentGates.ts): 'content_filter'
   * (their mature-content filter leaves it out: no title, description or pictures) or
   * 'log_in' (signed out, it needs an account to watch). A locked video keeps its place in
   * the list but carries no media link.
   */
  content_lock: ContentLock | null;
  pictures: { type: 'custom' | 'default'; sizes: PictureSize[] };
  /** The adaptive stream (HLS master playlist) when there is one, and the playable MP4s. */
  play: {
    hls: { link: string } | null;
    progressive: { link: string; width: number | null; height: number | null; mime: string }[];
  };
  stats: { plays: number; likes: number; comments: number };
  live: LiveJson | null;
  user: UserJson;
}

/** SPEC §3 Video.live: the event's status, its current or next start, its chat and its schedule. */
export interface LiveJson {
  status: LiveStatus;
  /** The current or next occurrence's start; on the air or over, when its broadcast began. */
  start_time: string | null;
  /** When the last broadcast of an event that is over ended (Vimeo's live.ended_time). */
  ended_time: string | null;
  /** When the replay became watchable. */
  archived_time: string | null;
  /** Whether a broadcast becomes the event's replay; false: nothing is recorded. */
  save_replay: boolean;
  chat: { room_id: number | null };
  /** Whenever the event has a start time; rrule 'FREQ=SINGLE' for a one-off event. */
  recurring_event: { schedule: ScheduleJson } | null;
  /**
   * Viewers watching now, while on the air, where its owner shows it (src/server/api/apiStats.ts
   * fills it in); null otherwise.
   */
  concurrent_viewers: number | null;
}

export interface AlbumJson {
  uri: string;
  name: string;
  description: string;
  link: string;
  layout: string;
  theme: string;
  brand_color: string;
  web_brand_color: string | null;
  custom_logo: unknown;
  web_custom_logo: unknown;
  domain: string | null;
  privacy: { view: string };
  hide_nav: boolean;
  hide_upcoming: boolean;
  sort: string;
  allow_downloads: boolean;
  allow_share: boolean;
  allow_continuous_play: boolean;
  autoplay: boolean;
  embed: Record<string, string | number | boolean>;
  has_chosen_thumbnail: boolean;
  total_videos: number;
  created_time: string;
  user: UserJson;
}

/** `shared`: media of a public video, which a CDN may keep (mediaCacheControl). */
export const sign = (key: string, shared = false) =>
  signMediaPath(key, { secret: secret('media'), shared });
/** A master playlist is signed with its folder, so its relative playlists and segments resolve. */
const signPlaylist = (key: string, shared: boolean) =>
  signMediaFolder(key.slice(0, key.lastIndexOf('/')), key.slice(key.lastIndexOf('/') + 1), {
    secret: secret('media'),
    shared,
  });

export function userJson(user: UserRow): UserJson {
  return {
    uri: `/users/${user.id}`,
    name: user.name,
    link: `/user/${user.id}`,
    pictures: user.pictureLink
      ? { sizes: [{ width: 72, height: 72, link: user.pictureLink }] }
      : null,
  };
}

function ratingClass(rating: string): VideoJson['content_rating_class'] {
  const known = rating as ContentRating;
  return known === 'explicit' ? 'mature' : known === 'unrated' ? 'unrated' : 'safe';
}

export function ratingOf(video: Pick<VideoWithMedia['video'], 'contentRating'>): ContentRating {
  return video.contentRating as ContentRating;
}

/** What every viewer of the showcase is told of a video, whether they may watch it or not. */
function videoFacts(item: VideoWithMedia, showcaseId: number) {
  const { video } = item;
  return {
    uri: `/videos/${video.id}`,
    name: video.name,
    description: video.description,
    link: `/showcase/${showcaseId}/video/${video.id}`,
    duration: video.duration,
    width: video.width,
    height: video.height,
    type: video.type,
    is_free: video.isFree,
    display_type: video.displayType,
    created_time: video.createdAt.toISOString(),
    content_rating_class: ratingClass(video.contentRating),
    stats: { plays: video.plays, likes: video.likes, comments: video.comments },
    user: userJson(item.owner),
  };
}

const isoOf = (time: string | null) => (time === null ? null : new Date(time).toISOString());

function liveJson(live: LiveRef, now: Date): LiveJson {
  const startTime = isoOf(live.startTime);
  return {
    status: live.status as LiveStatus,
    // On the air or over, the event started when its broadcast did (early or late on its schedule).
    start_time: isoOf(live.broadcastStartedAt ?? null) ?? startTime,
    ended_time: isoOf(live.broadcastEndedAt ?? null),
    archived_time: isoOf(live.archivedTime),
    save_replay: live.saveReplay,
    chat: { room_id: live.chatRoomId },
    recurring_event:
      startTime === null || !readableRule(live.rrule)
        ? null
        : {
            schedule: scheduleJson(
              { startTime: new Date(startTime), rrule: live.rrule, timeZone: live.timeZone },
              now,
            ),
          },
    concurrent_viewers: null,
  };
}

/** A stored rule outside the supported subset reads as no schedule rather than failing the page. */
function readableRule(rrule: string | null): boolean {
  try {
    if (rrule !== null) parseLiveRule(rrule);
    return true;
  } catch {
    return false;
  }
}

/**
 * A video's stored pictures. A public video's (anybody may watch it, in a showcase anybody
 * may open) and a stock clip's on sale are at their stable addresses (publicThumbnails.ts):
 * the same for every viewer and render, so pages naming them may be cached and browsers
 * keep the pictures across pages. Any other video's stay behind signed, expiring links.
 */
export function pictureSizes(
  video: PublicVideoFacts & { id: number },
  pictures: readonly PictureRef[],
  sharedMedia: boolean,
): PictureSize[] {
  const stable = (sharedMedia && isPublicVideo(video)) || isListedStockClip(video);
  return pictures.map((p) => ({
    width: p.width,
    height: p.height,
    link: stable ? publicPicturePath(video.id, p) : sign(p.storageKey, sharedMedia),
  }));
}

/** The broadcast's renewed still while an event is on the air (it has no thumbnails of its own yet). */
function livePoster(item: VideoWithMedia, sharedMedia: boolean): PictureSize[] {
  const broadcastId = item.live?.status === 'streaming' ? item.live.broadcastId : null;
  if (broadcastId === null || item.pictures.length > 0) return [];
  return [
    {
      ...LIVE_POSTER_SIZE,
      link: sign(liveStorageKey(item.video.id, broadcastId, LIVE_POSTER), sharedMedia),
    },
  ];
}

/**
 * The adaptive stream and the playable MP4s. A streaming event plays its broadcast's live HLS
 * (live/{eventVideoId}/{broadcastId}/, written by the ingest) and has no files yet.
 */
export function playJson(
  item: { video: { id: number }; files: readonly FileRef[]; live: LiveRef | null },
  sharedMedia: boolean,
): VideoJson['play'] {
  const { live } = item;
  if (live?.status === 'streaming') {
    const hls =
      live.broadcastId === null
        ? null
        : {
            link: signPlaylist(
              liveStorageKey(item.video.id, live.broadcastId, LIVE_MASTER),
              sharedMedia,
            ),
          };
    return { hls, progressive: [] };
  }
  const playable = item.files.filter(
    (f) => f.mime === 'video/mp4' && f.quality !== 'source' && f.tier === 'hot',
  );
  const hls = item.files.find((f) => f.quality === 'hls' && f.tier === 'hot');
  return {
    hls: hls ? { link: signPlaylist(hls.storageKey, sharedMedia) } : null,
    progressive: playable
      .sort((a, b) => (a.height ?? 0) - (b.height ?? 0))
      .map((f) => ({
        link: sign(f.storageKey, sharedMedia),
        width: f.width,
        height: f.height,
        mime: f.mime,
      })),
  };
}

/**
 * A video of a showcase for one viewer. Locked (src/lib/contentGates.ts), it keeps its place,
 * rating and owner and carries no media link at all; left out by the viewer's own filter, it
 * carries neither title nor description. `sharedMedia`: anybody may watch it, so its media
 * links let CDNs keep the files.
 */
export function videoJson(
  item: VideoWithMedia,
  showcaseId: number,
  lock: ContentLock | null = null,
  sharedMedia = false,
): VideoJson {
  const { video } = item;
  const facts = videoFacts(item, showcaseId);
  if (lock) {
    const named = lock === 'log_in';
    return {
      ...facts,
      name: named ? facts.name : '',
      description: named ? facts.description : '',
      privacy: { view: video.privacyView, download: false },
      content_lock: lock,
      pictures: { type: 'default', sizes: [] },
      play: { hls: null, progressive: [] },
      live: null,
    };
  }
  return {
    ...facts,
    privacy: { view: video.privacyView, download: video.privacyDownload },
    content_lock: null,
    pictures: {
      type: 'default',
      sizes: [
        ...pictureSizes(item.video, item.pictures, sharedMedia),
        ...livePoster(item, sharedMedia),
      ],
    },
    play: playJson(item, sharedMedia),
    live: item.live ? liveJson(item.live, new Date()) : null,
  };
}

export function albumJson({ showcase, owner, totalVideos }: ShowcaseWithOwner): AlbumJson {
  return {
    uri: `/users/${showcase.ownerId}/albums/${showcase.id}`,
    name: showcase.name,
    description: showcase.description,
    link: `/showcase/${showcase.id}`,
    layout: showcase.layout,
    theme: showcase.theme,
    brand_color: normalizeBrandColor(showcase.brandColor),
    web_brand_color: showcase.webBrandColor,
    custom_logo: showcase.customLogo,
    web_custom_logo: showcase.webCustomLogo,
    domain: showcase.domain,
    privacy: { view: showcase.privacyView },
    hide_nav: showcase.hideNav,
    hide_upcoming: showcase.hideUpcoming,
    sort: showcase.sort,
    allow_downloads: showcase.allowDownloads,
    allow_share: showcase.allowShare,
    allow_continuous_play: showcase.allowContinuousPlay,
    autoplay: showcase.autoplay,
    embed: showcase.embed,
    has_chosen_thumbnail: showcase.hasChosenThumbnail,
    total_videos: totalVideos,
    created_time: showcase.createdAt.toISOString(),
    user: userJson(owner),
  };
}

/** One row of the download modal (SPEC §3 "Download config"). */
export interface DownloadJson extends DownloadRowInput {
  /** A cold file whose retrieval was already asked for. */
  isDefrosting: boolean;
}

/** SPEC §3 "Text tracks". */
export interface TextTrackJson {
  language: string;
  displayName: string;
  downloadUrl: string;
}

export interface DownloadableFile {
  quality: string;
  width: number | null;
  height: number | null;
  size: number;
  storageKey: string;
  tier: string;
  defrostRequestedAt: Date | null;
}

export interface DownloadContext {
  videoName: string;
  names: QualityNames;
  locale: string;
  /** The cold file link of a quality (the retrieval call). */
  coldLink: (quality: DownloadQuality) => string;
}

const extensionOf = (key: string) => key.split('.').pop()?.toLowerCase() ?? 'mp4';

export function downloadJson(
  files: readonly DownloadableFile[],
  { videoName, names, locale, coldLink }: DownloadContext,
): DownloadJson[] {
  return downloadRows(files, names, locale).map(({ file, quality, publicName, sizeShort }) => {
    const isCold = file.tier !== 'hot';
    const download = downloadFileName(videoName, `${quality}.${extensionOf(file.storageKey)}`);
    return {
      quality,
      publicName,
      width: file.width,
      height: file.height,
      size: file.size,
      sizeShort,
      link: isCold
        ? coldLink(quality)
        : signMediaPath(file.storageKey, { secret: secret('media'), download }),
      isCold,
      isDefrosting: isCold && file.defrostRequestedAt !== null,
    };
  });
}

export function textTrackJson(
  tracks: readonly { language: string; displayName: string; storageKey: string }[],
  videoName: string,
): TextTrackJson[] {
  return tracks.map((track) => ({
    language: track.language,
    displayName: track.displayName,
    downloadUrl: signMediaPath(track.storageKey, {
      secret: secret('media'),
      download: downloadFileName(videoName, `${track.language}.${extensionOf(track.storageKey)}`),
    }),
  }));
}
