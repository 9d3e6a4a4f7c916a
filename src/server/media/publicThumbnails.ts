/**
 * Pictures of public videos at stable addresses (src/lib/thumbnailAddress.ts), for link
 * previews, oEmbed, structured data, sitemaps and feeds: a preview fetched a month later must
 * still find its picture, which a signed media link (valid for hours) would not. Media of
 * videos that are not public stays behind signed links.
 *
 * The digest is an HMAC of the picture's storage key, so addresses cannot be guessed from
 * video ids, and every new picture (a chosen frame, a replaced source) is stored under a new
 * key and so gets a new address. The server answers an address only while the video is public
 * and the picture current: a video made private stops being served at once (a CDN may still
 * hold a copy it fetched before, until purged).
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { EmbedBounds } from '../../lib/oembedSize.ts';
import { hasPublicPictures, isPublicVideo, type PublicVideoFacts } from '../../lib/publicVideo.ts';
import { DIGEST_LENGTH, thumbnailPath, type ThumbnailAddress } from '../../lib/thumbnailAddress.ts';
import type { Db } from '../db/client.ts';
import { videoPictures, videos } from '../db/schema.ts';
import { hmacDigest } from '../delivery/hmacMemo.ts';
import { secret, signedWithAny } from '../secrets.ts';

/** What is read of a video: its row's privacy, status and rating, and its stored pictures (VideoWithMedia has both). */
export interface ThumbnailSource {
  video: PublicVideoFacts & { id: number };
  pictures: readonly { width: number; height: number; storageKey: string }[];
}

export interface PublicThumbnail {
  /** Absolute, from the site origin. */
  url: string;
  width: number;
  height: number;
}

/** The bytes behind an address never change (see above). */
export const PUBLIC_THUMBNAIL_CACHE = 'public, max-age=31536000, immutable';

/** Link previews ask for about 1200 pixels across (Open Graph, Twitter cards). */
const PREVIEW_WIDTH = 1200;

function digestOf(videoId: number, storageKey: string, key = secret('media')): string {
  return hmacDigest(key, `thumbnail:${videoId}:${storageKey}`).slice(0, DIGEST_LENGTH);
}

/**
 * The stable address of one picture of a video the caller knows to be public, root-relative:
 * the same for every viewer and every render, so pages naming it stay cacheable and the
 * browser keeps the picture across pages.
 */
export function publicPicturePath(
  videoId: number,
  picture: { width: number; storageKey: string },
): string {
  return thumbnailPath({
    videoId,
    digest: digestOf(videoId, picture.storageKey),
    width: picture.width,
  });
}

export interface ThumbnailChoice {
  /** The smallest picture at least this wide is taken, else the largest (default: preview size). */
  width?: number | undefined;
  /** Only pictures within these bounds (an oEmbed consumer's maxwidth and maxheight). */
  within?: EmbedBounds | undefined;
}

const fits = (picture: { width: number; height: number }, within: EmbedBounds | undefined) =>
  !within ||
  ((within.maxWidth === null || picture.width <= within.maxWidth) &&
    (within.maxHeight === null || picture.height <= within.maxHeight));

/** The picture a preview shows: the narrowest at least `width` wide within the bounds, else the widest that fits. */
export function previewPicture<P extends { width: number; height: number }>(
  pictures: readonly P[],
  { width = PREVIEW_WIDTH, within }: ThumbnailChoice = {},
): P | null {
  const bySize = pictures.filter((p) => fits(p, within)).sort((a, b) => a.width - b.width);
  return bySize.find((p) => p.width >= width) ?? bySize.at(-1) ?? null;
}

/**
 * The stable picture of a public video, chosen by `choice`; null when the video is not public
 * or has no picture (within the bounds) yet.
 */
export function publicThumbnail(
  { video, pictures }: ThumbnailSource,
  origin: string,
  choice: ThumbnailChoice = {},
): PublicThumbnail | null {
  if (!isPublicVideo(video)) return null;
  const picture = previewPicture(pictures, choice);
  if (!picture) return null;
  return {
    url: new URL(publicPicturePath(video.id, picture), origin).href,
    width: picture.width,
    height: picture.height,
  };
}

/** The storage key an address stands for, while its video is public (or a stock clip on sale) and the picture current; else null. */
export async function publicThumbnailKey(
  db: Db,
  { videoId, digest, width }: ThumbnailAddress,
): Promise<string | null> {
  const [row] = await db
    .select({
      storageKey: videoPictures.storageKey,
      privacyView: videos.privacyView,
      status: videos.status,
      contentRating: videos.contentRating,
    })
    .from(videoPictures)
    .innerJoin(videos, eq(videos.id, videoPictures.videoId))
    .where(and(eq(videoPictures.videoId, videoId), eq(videoPictures.width, width)))
    .limit(1);
  if (!row || !hasPublicPictures(row)) return null;
  const given = Buffer.from(digest);
  return signedWithAny('media', (key) => {
    const expected = Buffer.from(digestOf(videoId, row.storageKey, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  })
    ? row.storageKey
    : null;
}
