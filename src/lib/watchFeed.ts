/**
 * The Atom feed of a viewer's /watch page: the newest public videos of the showcases they
 * follow or opened, each linked to its page in its showcase. Its address is a capability
 * (src/server/watch/watchFeedKey.ts) that feed readers fetch without signing in, so it lists
 * only what a stranger may watch.
 */
import { Feed } from 'feed';
import type { Locale } from './domain.ts';
import { localizePath } from './localeNegotiation.ts';
import { descriptionHtml, escapeHtml, type FeedVideo } from './showcaseFeed.ts';

export interface WatchFeedEntry {
  showcaseId: number;
  ownerName: string;
  video: FeedVideo;
}

export interface WatchFeedOptions {
  origin: string;
  locale: Locale;
  /** The feed's own address, with its key. */
  selfUrl: string;
  title: string;
  description: string;
  generator: string;
  /** When nothing is listed: the feed was last changed when it was made. */
  updated: Date;
}

export function renderWatchFeed(
  entries: readonly WatchFeedEntry[],
  { origin, locale, selfUrl, title, description, generator, updated }: WatchFeedOptions,
): string {
  const absolute = (path: string) => new URL(localizePath(locale, path), origin).href;
  const watchUrl = absolute('/watch');
  const feed = new Feed({
    id: watchUrl,
    title,
    description,
    link: watchUrl,
    language: locale,
    updated: entries[0]?.video.createdAt ?? updated,
    generator,
    feedLinks: { atom: selfUrl },
  });
  for (const { showcaseId, ownerName, video } of entries) {
    const link = absolute(`/showcase/${showcaseId}/video/${video.id}`);
    feed.addItem({
      id: link,
      // Atom (type="html") reads titles as HTML.
      title: escapeHtml(video.name),
      link,
      date: video.createdAt,
      published: video.createdAt,
      ...(video.description.trim() ? { description: descriptionHtml(video.description) } : {}),
      author: [{ name: ownerName }],
      ...(video.thumbnail ? { image: { url: video.thumbnail.url, type: 'image/jpeg' } } : {}),
    });
  }
  return feed.atom1();
}
