/**
 * The structured data (JSON-LD, schema.org) public pages describe themselves with: a
 * VideoObject for a video on its own page, with a BroadcastEvent as the publication of a live
 * event's video (how search engines mark a video as live), and for a showcase page an
 * ItemList of those pages, each at its place: the summary page of Google's carousel
 * guidelines, whose items are described in full on the pages they name, and once. Typed by
 * schema-dts, so a misspelt property or a wrong type fails the type check.
 */
import type { BroadcastEvent, ItemList, ListItem, VideoObject, WithContext } from 'schema-dts';
import type { LiveStatus } from './domain.ts';
import { isoDuration } from './isoDuration.ts';

/** A live event's broadcast, for a video that is one. */
interface LiveFacts {
  status: LiveStatus;
  /** The current or next start, ISO 8601; the broadcast is described only once it has one. */
  startDate: string | null;
  /** When the broadcast's replay became watchable, ISO 8601. */
  endDate: string | null;
}

/** What a public video page says of its video; every URL absolute. */
export interface VideoFacts {
  name: string;
  description: string;
  /** The video's page. */
  url: string;
  /** The player frame. */
  embedUrl: string;
  /** The stable picture (src/server/media/publicThumbnails.ts), when the video has one. */
  thumbnailUrl: string | null;
  /** ISO 8601. */
  uploadDate: string;
  durationSeconds: number;
  /** content_rating_class (SPEC §3). */
  rating: 'safe' | 'mature' | 'unrated';
  authorName: string;
  live: LiveFacts | null;
}

const CONTEXT = 'https://schema.org' as const;

function broadcastEvent(live: LiveFacts): BroadcastEvent | null {
  if (live.startDate === null) return null;
  return {
    '@type': 'BroadcastEvent',
    isLiveBroadcast: true,
    startDate: live.startDate,
    ...(live.status === 'done' && live.endDate ? { endDate: live.endDate } : {}),
    // Broadcast as announced: schema.org has no status of its own for "on the air".
    eventStatus: 'https://schema.org/EventScheduled',
  };
}

/** Mature videos say so; safe ones are family friendly; unrated ones claim neither. */
function ratingOf(
  rating: VideoFacts['rating'],
): Pick<Exclude<VideoObject, string>, 'contentRating' | 'isFamilyFriendly'> {
  if (rating === 'mature') return { contentRating: 'Mature', isFamilyFriendly: false };
  return rating === 'safe' ? { isFamilyFriendly: true } : {};
}

function videoObject(video: VideoFacts): Exclude<VideoObject, string> {
  const publication = video.live ? broadcastEvent(video.live) : null;
  return {
    '@type': 'VideoObject',
    name: video.name,
    // A description is expected; a video without one is described by its title.
    description: video.description || video.name,
    url: video.url,
    embedUrl: video.embedUrl,
    ...(video.thumbnailUrl ? { thumbnailUrl: video.thumbnailUrl } : {}),
    uploadDate: video.uploadDate,
    // An event before its replay has no length yet; PT0S would claim one of nothing.
    ...(video.durationSeconds > 0 ? { duration: isoDuration(video.durationSeconds) } : {}),
    author: { '@type': 'Person', name: video.authorName },
    ...ratingOf(video.rating),
    ...(publication ? { publication } : {}),
  };
}

export function videoObjectLd(video: VideoFacts): WithContext<VideoObject> {
  return { '@context': CONTEXT, ...videoObject(video) };
}

export interface ShowcaseFacts {
  name: string;
  description: string;
  url: string;
  /** The pages of the page's public videos, with their place in the showcase (1 is the first); absolute. */
  items: { position: number; url: string }[];
}

export function showcaseItemListLd(showcase: ShowcaseFacts): WithContext<ItemList> {
  const itemListElement: ListItem[] = showcase.items.map(({ position, url }) => ({
    '@type': 'ListItem',
    position,
    url,
  }));
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: showcase.name,
    ...(showcase.description ? { description: showcase.description } : {}),
    url: showcase.url,
    numberOfItems: itemListElement.length,
    itemListElement,
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: a title holding "</script>" or
 * "<!--" must not end the element, so <, > and & are written as \u escapes (still the same
 * JSON), as are the line separators some parsers take for line ends.
 */
export function serializeJsonLd(data: WithContext<VideoObject> | WithContext<ItemList>): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
