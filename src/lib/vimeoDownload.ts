/**
 * A download as Vimeo's API names it (quality, rendition, type, width, height, expires, link,
 * created_time, fps, size, md5, public_name, size_short), from the row the download modal
 * shows. Vitrine measures neither frame rate nor checksum of its renditions: those are null.
 */
import type { DownloadQuality } from './domain.ts';

export interface DownloadRowInput {
  quality: DownloadQuality;
  publicName: string;
  width: number | null;
  height: number | null;
  size: number;
  sizeShort: string;
  /** A signed media path (…?exp={unix seconds}&sig=…), or an archived file's retrieval call. */
  link: string;
  isCold: boolean;
}

export interface VimeoDownload {
  quality: DownloadQuality;
  rendition: string;
  type: string;
  width: number | null;
  height: number | null;
  expires: string | null;
  link: string;
  created_time: string;
  fps: number | null;
  size: number;
  md5: string | null;
  public_name: string;
  size_short: string;
  /** Vitrine's own: an archived original, whose link asks for it back (SPEC §4). */
  is_cold: boolean;
}

const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

function expiryOf(link: string): string | null {
  const exp = Number(new URL(link, 'http://localhost').searchParams.get('exp'));
  return Number.isInteger(exp) && exp > 0 ? new Date(exp * 1000).toISOString() : null;
}

function typeOf(row: DownloadRowInput): string {
  // Vimeo calls the uploaded original's type "source", whatever its container.
  if (row.quality === 'source') return 'source';
  const extension =
    new URL(row.link, 'http://localhost').pathname.split('.').pop()?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'video/mp4';
}

export function vimeoDownload(row: DownloadRowInput, createdTime: string): VimeoDownload {
  return {
    quality: row.quality,
    rendition: row.quality === 'source' || row.height === null ? row.quality : `${row.height}p`,
    type: typeOf(row),
    width: row.width,
    height: row.height,
    expires: row.isCold ? null : expiryOf(row.link),
    link: row.link,
    created_time: createdTime,
    fps: null,
    size: row.size,
    md5: null,
    public_name: row.publicName,
    size_short: row.sizeShort,
    is_cold: row.isCold,
  };
}
