/**
 * The rows of the download modal (SPEC §3 "Download config", §9): which stored files are
 * downloads, their order (source first, then by height, smallest first), the name a viewer
 * reads and the short size.
 */
import { DOWNLOAD_QUALITIES, type DownloadQuality } from './domain.ts';
import { formatSize } from './formatSize.ts';
import type { TranslationKey } from './translationKeys.ts';

export interface DownloadFile {
  quality: string;
  width: number | null;
  height: number | null;
  size: number;
}

export interface DownloadRow<F extends DownloadFile> {
  file: F;
  quality: DownloadQuality;
  publicName: string;
  sizeShort: string;
}

/** Names of the qualities in the viewer's language: 'Original', 'HD', 'SD', '4K'. */
export type QualityNames = Record<DownloadQuality, string>;

/** i18n keys of the quality names, for building QualityNames. */
export const QUALITY_NAME_KEYS: Record<DownloadQuality, TranslationKey> = {
  source: 'download.original',
  uhd: 'download.uhd',
  hd: 'download.hd',
  sd: 'download.sd',
};

export function isDownloadQuality(quality: string): quality is DownloadQuality {
  return (DOWNLOAD_QUALITIES as readonly string[]).includes(quality);
}

/** Source first (SPEC §9), then by height; equal heights keep their order. */
export function sortDownloads<F extends Pick<DownloadFile, 'quality' | 'height'>>(
  files: readonly F[],
): F[] {
  const rank = (f: F) => (f.quality === 'source' ? -1 : (f.height ?? 0));
  return [...files].sort((a, b) => rank(a) - rank(b));
}

/** 'Original' for the source; the rendition's name with its lines otherwise: 'HD 720p'. */
export function publicName(
  quality: DownloadQuality,
  height: number | null,
  names: QualityNames,
): string {
  if (quality === 'source' || !height) return names[quality];
  return `${names[quality]} ${height}p`;
}

/** The downloadable files (HLS and unknown qualities left out) as ordered modal rows. */
export function downloadRows<F extends DownloadFile>(
  files: readonly F[],
  names: QualityNames,
  locale: string,
): DownloadRow<F>[] {
  const downloadable = files.filter((f): f is F & { quality: DownloadQuality } =>
    isDownloadQuality(f.quality),
  );
  return sortDownloads(downloadable).map((file) => ({
    file,
    quality: file.quality,
    publicName: publicName(file.quality, file.height, names),
    sizeShort: formatSize(file.size, locale),
  }));
}
