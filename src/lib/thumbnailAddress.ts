/**
 * The stable address of a public video's picture: /thumbnails/{videoId}-{digest}-{width}.jpg.
 * The digest stands for one stored picture (a new picture gets a new storage key, hence a new
 * address), so the bytes behind an address never change and caches may keep them for a year.
 */
export interface ThumbnailAddress {
  videoId: number;
  digest: string;
  width: number;
}

/** 16 base64url characters: 96 bits, unguessable, short enough for a file name. */
export const DIGEST_LENGTH = 16;

const FILE = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{16})-([1-9]\d{0,4})\.jpg$/;

/** Where every stable picture address starts. */
const THUMBNAILS_FOLDER = '/thumbnails/';

export function thumbnailPath({ videoId, digest, width }: ThumbnailAddress): string {
  return `${THUMBNAILS_FOLDER}${videoId}-${digest}-${width}.jpg`;
}

export const isThumbnailPath = (link: string): boolean => link.startsWith(THUMBNAILS_FOLDER);

/** The parts of a requested file name; null for anything no address could be. */
export function parseThumbnailFile(file: string): ThumbnailAddress | null {
  const match = FILE.exec(file);
  if (!match) return null;
  return { videoId: Number(match[1]), digest: match[2]!, width: Number(match[3]) };
}
