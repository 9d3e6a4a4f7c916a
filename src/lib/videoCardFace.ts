/**
 * What a video's card shows (thumbnail, duration or live badge, title, owner), gathered from
 * the video and its place in the list. The card renders from this alone, so it is also the
 * card's key in the fragment cache (src/lib/fragmentCache.ts): two cards with equal faces are
 * the same markup.
 */
import { cardImage, type CardImageAttributes } from './cardImage.ts';
import type { ContentLock } from './contentGates.ts';

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

interface VideoCardFaceSource {
  name: string;
  duration: number;
  pictures: { sizes: readonly { link: string; width: number; height: number }[] };
  user: { name: string };
}

/** A card as a list places it (VideoCard.astro's props): the video, its link and its place. */
export interface PlacedVideoCard {
  video: VideoCardFaceSource;
  /** The video view, localized with the carried query. */
  href: string;
  /** Linked titles (not for Contributor and Viewer) and new tabs offsite (SPEC §6). */
  abilities: { linkTitles: boolean; newTab: boolean };
  badge?: 'live' | 'upcoming' | null;
  /** Its place in a list at the top of the page; null for a list further down. */
  index?: number | null;
  belowHero?: boolean;
}

export function videoCardFace({
  video,
  href,
  abilities,
  badge = null,
  index = null,
  belowHero = false,
}: PlacedVideoCard): VideoCardFace {
  return {
    title: video.name,
    href: abilities.linkTitles ? href : null,
    newTab: abilities.newTab,
    pictures: video.pictures.sizes,
    image: cardImage(index, 'grid', { belowHero }),
    badge,
    duration: video.duration,
    owner: video.user.name,
  };
}

/** A card in a list with its list's return address: a locked one links there and back. */
export interface ListedVideoCard extends PlacedVideoCard {
  video: VideoCardFaceSource & { content_lock: ContentLock | null; content_rating_class: string };
  returnTo: string;
}

/**
 * What a card of a list renders from (VideoCard.astro): its face, or for a video this viewer
 * may not watch, its lock, title and rating and the addresses its link is made of. A list of
 * these is the key of the whole list in the fragment cache.
 */
export function listedCardInputs(card: ListedVideoCard): unknown {
  const { video } = card;
  if (video.content_lock === null) return videoCardFace(card);
  return {
    lock: video.content_lock,
    name: video.name,
    rating: video.content_rating_class,
    href: card.href,
    returnTo: card.returnTo,
    newTab: card.abilities.newTab,
  };
}
