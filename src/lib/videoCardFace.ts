/**
 * What a video's card shows (thumbnail, duration or live badge, title, owner), gathered from
 * the video and its place in the list. The card renders from this alone, so it is also the
 * card's key in the fragment cache (src/lib/fragmentCache.ts): two cards with equal faces are
 * the same markup.
 */
import { cardImage, type CardImageAttributes } from './cardImage.ts';

export interface VideoCardFace {
  title: string;
  /** The video view, localized with the carried query; null when titles are not links (Contributor and Viewer, SPEC §6). */
  href: string | null;
  /** Offsite, the title opens in a new tab. */
  newTab: boolean;
  /** The picture's sizes, smallest first. */
  pictures: readonly { link: string; width: number; height: number }[];
  image: CardImageAttributes;
  /** A live event's status badge (SPEC §4), shown instead of the duration. */
  badge: 'live' | 'upcoming' | null;
  /** Seconds. */
  duration: number;
  owner: string;
}

export interface VideoCardFaceSource {
  name: string;
  duration: number;
  pictures: { sizes: readonly { link: string; width: number; height: number }[] };
  user: { name: string };
}

export interface VideoCardPlace {
  href: string;
  linkTitles: boolean;
  newTab: boolean;
  badge: 'live' | 'upcoming' | null;
  /** Its place in a list at the top of the page; null for a list further down. */
  index: number | null;
  belowHero: boolean;
}

export function videoCardFace(video: VideoCardFaceSource, place: VideoCardPlace): VideoCardFace {
  return {
    title: video.name,
    href: place.linkTitles ? place.href : null,
    newTab: place.newTab,
    pictures: video.pictures.sizes,
    image: cardImage(place.index, 'grid', { belowHero: place.belowHero }),
    badge: place.badge,
    duration: video.duration,
    owner: video.user.name,
  };
}
