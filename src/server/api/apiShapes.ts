/**
 * Vimeo's shapes (API 3.4) around the representations the pages share (represent.ts): whole
 * `link`s, `player_embed_url` and the embed html (the code viewers copy), album
 * `pictures`, `metadata.connections` whose uris resolve on the API origin, a video's state
 * and Vimeo's download objects. What a viewer is shown was decided before (the access path).
 */
import type { ApiOrigins } from '../../lib/apiOrigin.ts';
import { absoluteLinks, idOfUri } from '../../lib/apiLinks.ts';
import { embedCode, showcaseEmbedSrc, videoEmbedSrc } from '../../lib/embedCode.ts';
import { vimeoDownload } from '../../lib/vimeoDownload.ts';
import type { VimeoVideoState } from '../../lib/vimeoVideoStatus.ts';
import {
  sign,
  type AlbumJson,
  type DownloadJson,
  type PictureSize,
  type UserJson,
  type VideoJson,
} from '../showcases/represent.ts';

export interface Connection {
  uri: string;
  options: string[];
  total: number;
}

const connection = (uri: string, total: number): Connection => ({ uri, options: ['GET'], total });

export interface ApiVideoOptions {
  origins: ApiOrigins;
  /** The showcase the viewer watches it in; null for an owner's video in none. */
  albumId: number | null;
  state: VimeoVideoState;
  /** Downloads this viewer may have, as the download modal lists them. */
  downloads?: DownloadJson[] | undefined;
}

export function apiVideo<V extends VideoJson>(
  video: V,
  { origins, albumId, state, downloads }: ApiVideoOptions,
) {
  const id = idOfUri(video.uri);
  const src =
    albumId !== null && !video.content_lock ? videoEmbedSrc(origins.site, albumId, id) : null;
  const shaped = {
    ...video,
    link: albumId === null ? `/manage/videos/${id}` : video.link,
    player_embed_url: src,
    embed: { html: src ? embedCode({ src, title: video.name, size: 'responsive' }) : null },
    ...state,
    // Vimeo's release_time is when the video was made public; Vitrine keeps no separate
    // publication time, and a video is shown from its creation (created_at) on.
    release_time: video.created_time,
    ...(downloads
      ? { download: downloads.map((row) => vimeoDownload(row, video.created_time)) }
      : {}),
    metadata: { connections: {} },
  };
  return absoluteLinks(shaped, origins.site);
}

export interface ApiAlbumOptions {
  origins: ApiOrigins;
  /** The showcase's picture: its chosen or first video's, smallest first. */
  pictures: PictureSize[];
}

export function apiAlbum(album: AlbumJson, { origins, pictures }: ApiAlbumOptions) {
  const albumId = idOfUri(album.uri);
  const src = showcaseEmbedSrc(origins.site, albumId);
  const shaped = {
    ...album,
    embed: { ...album.embed, html: embedCode({ src, title: album.name, size: 'responsive' }) },
    pictures: {
      // Vitrine keeps no picture resource of its own to point at.
      uri: null,
      active: pictures.length > 0,
      type: album.has_chosen_thumbnail ? 'custom' : 'default',
      base_link: pictures.at(-1)?.link ?? null,
      sizes: pictures,
    },
    metadata: { connections: { videos: connection(`${album.uri}/videos`, album.total_videos) } },
  };
  return absoluteLinks(shaped, origins.site);
}

export interface UserTotals {
  albums: number;
  videos: number;
}

export function apiUser<U extends UserJson>(user: U, origins: ApiOrigins, totals: UserTotals) {
  const shaped = {
    ...user,
    metadata: {
      connections: {
        albums: connection(`${user.uri}/albums`, totals.albums),
        videos: connection(`${user.uri}/videos`, totals.videos),
      },
    },
  };
  return absoluteLinks(shaped, origins.site);
}

/** Signed links of stored pictures, smallest first. */
export function signedPictures(
  pictures: readonly { width: number; height: number; storageKey: string }[],
  shared: boolean,
): PictureSize[] {
  return [...pictures]
    .sort((a, b) => a.width - b.width)
    .map((p) => ({ width: p.width, height: p.height, link: sign(p.storageKey, shared) }));
}
