/**
 * The feeds of a public showcase (RSS 2.0, Atom 1.0, JSON Feed 1.1): its newest public videos,
 * each with its page, description, date and picture. The picture travels as an image
 * enclosure, which feed readers show beside the entry; the video itself does not, as its
 * media is only ever served behind links that expire, and an enclosure must stay fetchable.
 *
 * Titles and descriptions are plain text written by owners, while the formats read an
 * entry's summary (and Atom an entry's title) as HTML: they are escaped, and a description's
 * links and line breaks become markup as on the showcase page (autolink.ts).
 */
import { Feed } from 'feed';
import { autolink } from './autolink.ts';
import type { Locale } from './domain.ts';
import { renderJsonFeed } from './jsonFeed.ts';
import { localizePath } from './localeNegotiation.ts';

/** Feed readers show the newest entries; older videos stay on the showcase page. */
export const FEED_ITEM_LIMIT = 50;

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_MEDIA_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};

const FEED_FILES: Readonly<Record<FeedFormat, string>> = {
  rss: 'feed.rss',
  atom: 'feed.atom',
  json: 'feed.json',
};

/** The unprefixed path of a showcase's feed; callers localize it. */
export function feedPath(albumId: number, format: FeedFormat): string {
  return `/showcase/${albumId}/${FEED_FILES[format]}`;
}

export interface FeedVideo {
  id: number;
  name: string;
  description: string;
  createdAt: Date;
  thumbnail: { url: string; width: number; height: number } | null;
}

export interface FeedShowcase {
  id: number;
  name: string;
  description: string;
  ownerName: string;
  updatedAt: Date;
  videos: readonly FeedVideo[];
}

export interface FeedOptions {
  origin: string;
  locale: Locale;
  /** The feed's description when the showcase has none ("Videos from {name}"). */
  fallbackDescription: string;
  /** The site's name, as the feed's generator. */
  generator: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text description as HTML: escaped, its links linked, its line breaks kept. */
export function descriptionHtml(text: string): string {
  return autolink(text.trim())
    .map((segment) =>
      segment.kind === 'link'
        ? `<a href="${escapeHtml(segment.href)}">${escapeHtml(segment.text)}</a>`
        : escapeHtml(segment.text),
    )
    .join('')
    .replace(/\r?\n/g, '<br>');
}

/** The showcase's feed in `format`, for readers of `locale`. */
export function renderShowcaseFeed(
  showcase: FeedShowcase,
  format: FeedFormat,
  { origin, locale, fallbackDescription, generator }: FeedOptions,
): string {
  const absolute = (path: string) => new URL(localizePath(locale, path), origin).href;
  const showcaseUrl = absolute(`/showcase/${showcase.id}`);
  const videoUrl = (video: FeedVideo) => absolute(`/showcase/${showcase.id}/video/${video.id}`);
  const description = showcase.description.trim() || fallbackDescription;
  const newest = [...showcase.videos]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, FEED_ITEM_LIMIT);
  // JSON Feed titles are plain text.
  if (format === 'json')
    return renderJsonFeed({
      title: showcase.name,
      homePageUrl: showcaseUrl,
      feedUrl: absolute(feedPath(showcase.id, 'json')),
      description,
      language: locale,
      authorName: showcase.ownerName,
      entries: newest.map((video) => ({
        url: videoUrl(video),
        title: video.name,
        contentHtml: video.description.trim() ? descriptionHtml(video.description) : null,
        image: video.thumbnail?.url ?? null,
        published: video.createdAt,
      })),
    });
  const latest = newest[0]?.createdAt;
  const feed = new Feed({
    id: showcaseUrl,
    title: showcase.name,
    description,
    link: showcaseUrl,
    language: locale,
    updated: latest && latest > showcase.updatedAt ? latest : showcase.updatedAt,
    generator,
    author: { name: showcase.ownerName },
    feedLinks: Object.fromEntries(
      FEED_FORMATS.map((other) => [other, absolute(feedPath(showcase.id, other))]),
    ),
  });
  for (const video of newest) {
    const link = videoUrl(video);
    // RSS readers and Atom (type="html") read titles as HTML.
    feed.addItem({
      id: link,
      title: escapeHtml(video.name),
      link,
      date: video.createdAt,
      published: video.createdAt,
      ...(video.description.trim() ? { description: descriptionHtml(video.description) } : {}),
      author: [{ name: showcase.ownerName }],
      ...(video.thumbnail ? { image: { url: video.thumbnail.url, type: 'image/jpeg' } } : {}),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
