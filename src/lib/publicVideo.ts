/**
 * Whether a video is public on the open web: anybody may watch it without signing in, so its
 * previews, stable thumbnail, oEmbed and structured data may name it. A mature or unrated
 * video is not: signed out, its title card is locked behind the log-in gate (contentGates.ts).
 */
import { RESTRICTED_RATINGS } from './contentGates.ts';
import type { ContentRating } from './domain.ts';

export interface PublicVideoFacts {
  privacyView: string;
  status: string;
  contentRating: string;
}

export function isPublicVideo({ privacyView, status, contentRating }: PublicVideoFacts): boolean {
  return (
    privacyView === 'anybody' &&
    status === 'ready' &&
    !RESTRICTED_RATINGS.includes(contentRating as ContentRating)
  );
}

/**
 * A stock clip on sale: not a video of the open web (no oEmbed, feed or sitemap entry), but
 * anybody may browse the catalogue, so its pictures are as public as a public video's.
 */
export function isListedStockClip({
  privacyView,
  status,
}: Pick<PublicVideoFacts, 'privacyView' | 'status'>): boolean {
  return privacyView === 'stock' && status === 'ready';
}

/** Whether anybody may see a video's pictures, at their stable addresses (publicThumbnails.ts). */
export function hasPublicPictures(video: PublicVideoFacts): boolean {
  return isPublicVideo(video) || isListedStockClip(video);
}
