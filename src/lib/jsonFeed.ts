/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1), written here because the `feed` package
 * writes only 1.0: 1.1 names a feed's and an item's people `authors` (a list) and says the
 * feed's `language`. Only the fields a showcase fills are typed; every URL absolute.
 */

const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

interface JsonFeedAuthor {
  name: string;
}

interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  /** HTML; an item without it carries `content_text`, as 1.1 needs one of the two. */
  content_html?: string;
  content_text?: string;
  image?: string;
  /** RFC 3339. */
  date_published: string;
  authors: JsonFeedAuthor[];
}

interface JsonFeed {
  version: typeof JSON_FEED_VERSION;
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  /** BCP 47, as the page's. */
  language: string;
  authors: JsonFeedAuthor[];
  items: JsonFeedItem[];
}

export interface JsonFeedEntry {
  url: string;
  title: string;
  /** HTML, or null when the entry has nothing but its title. */
  contentHtml: string | null;
  image: string | null;
  published: Date;
}

export function renderJsonFeed(feed: {
  title: string;
  homePageUrl: string;
  feedUrl: string;
  description: string;
  language: string;
  authorName: string;
  entries: readonly JsonFeedEntry[];
}): string {
  const authors = [{ name: feed.authorName }];
  const document: JsonFeed = {
    version: JSON_FEED_VERSION,
    title: feed.title,
    home_page_url: feed.homePageUrl,
    feed_url: feed.feedUrl,
    description: feed.description,
    language: feed.language,
    authors,
    items: feed.entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      ...(entry.contentHtml === null
        ? { content_text: entry.title }
        : { content_html: entry.contentHtml }),
      ...(entry.image ? { image: entry.image } : {}),
      date_published: entry.published.toISOString(),
      authors,
    })),
  };
  return JSON.stringify(document, null, 2);
}
