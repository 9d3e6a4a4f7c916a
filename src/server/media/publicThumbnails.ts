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
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isPublicVideo, type PublicVideoFacts } from '../../lib/publicVideo.ts';
import { DIGEST_LENGTH, thumbnailPath, type ThumbnailAddress } from '../../lib/thumbnailAddress.ts';
import type { Db } from '../db/client.ts';
import { videoPictures, videos } from '../db/schema.ts';
import { secret } from '../secrets.ts';

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

function digestOf(videoId: number, storageKey: string): string {
  return createHmac('sha256', secret('media')).update(`thumbnail:${videoId}:${storageKey}`).digest('base64url').slice(0, DIGEST_LENGTH);
}

/**
 * The stable picture of a public video, the smallest at least `width` pixels wide (else the
 * largest); null when the video is not public or has no picture yet.
 */
export function publicThumbnail({ video, pictures }: ThumbnailSource, origin: string, { width = PREVIEW_WIDTH }: { width?: number } = {}): PublicThumbnail | null {
  if (!isPublicVideo(video) || pictures.length === 0) return null;
  const bySize = [...pictures].sort((a, b) => a.width - b.width);
  const picture = bySize.find((p) => p.width >= width) ?? bySize.at(-1)!;
  const path = thumbnailPath({ videoId: video.id, digest: digestOf(video.id, picture.storageKey), width: picture.width });
  return { url: new URL(path, origin).href, width: picture.width, height: picture.height };
}

/** The storage key an address stands for, while its video is public and the picture current; else null. */
export async function publicThumbnailKey(db: Db, { videoId, digest, width }: ThumbnailAddress): Promise<string | null> {
  const [row] = await db
    .select({ storageKey: videoPictures.storageKey, privacyView: videos.privacyView, status: videos.status, contentRating: videos.contentRating })
    .from(videoPictures)
    .innerJoin(videos, eq(videos.id, videoPictures.videoId))
    .where(and(eq(videoPictures.videoId, videoId), eq(videoPictures.width, width)))
    .limit(1);
  if (!row || !isPublicVideo(row)) return null;
  const expected = Buffer.from(digestOf(videoId, row.storageKey));
  const given = Buffer.from(digest);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row.storageKey : null;
}
