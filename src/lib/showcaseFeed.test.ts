import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  descriptionHtml,
  FEED_ITEM_LIMIT,
  feedPath,
  renderShowcaseFeed,
  type FeedShowcase,
  type FeedVideo,
} from './showcaseFeed.ts';

const ORIGIN = 'https://videos.example';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

function video(id: number, day: number, overrides: Partial<FeedVideo> = {}): FeedVideo {
  return {
    id,
    name: `Reel ${id}`,
    description: `About reel ${id}.`,
    createdAt: new Date(Date.UTC(2026, 0, day)),
    thumbnail: {
      url: `${ORIGIN}/thumbnails/${id}-abcdefghijklmnop-1280.jpg`,
      width: 1280,
      height: 700,
    },
    ...overrides,
  };
}

const SHOWCASE: FeedShowcase = {
  id: 4,
  name: 'Northwind Showreel',
  description: 'Short films from the archive.',
  ownerName: 'Olivia Okafor',
  updatedAt: new Date(Date.UTC(2026, 0, 1)),
  videos: [video(1, 2), video(2, 5, { thumbnail: null }), video(3, 3)],
};

const OPTIONS = {
  origin: ORIGIN,
  locale: 'en' as const,
  fallbackDescription: 'Videos from Northwind Showreel',
  generator: 'Vitrine',
};

describe('the RSS 2.0 feed of a showcase', () => {
  const rss = parser.parse(renderShowcaseFeed(SHOWCASE, 'rss', OPTIONS)).rss;

  it('names the showcase and links its page and itself', () => {
    expect(rss['@version']).toBe('2.0');
    expect(rss.channel.title).toBe('Northwind Showreel');
    expect(rss.channel.description).toBe('Short films from the archive.');
    expect(rss.channel.link).toBe(`${ORIGIN}/showcase/4`);
    expect(rss.channel['atom:link']['@href']).toBe(`${ORIGIN}/showcase/4/feed.rss`);
  });

  it('lists the videos newest first, each with its page, date and description', () => {
    expect(rss.channel.item.map((item: { link: string }) => item.link)).toEqual(
      [2, 3, 1].map((id) => `${ORIGIN}/showcase/4/video/${id}`),
    );
    expect(rss.channel.item[0].title).toBe('Reel 2');
    expect(rss.channel.item[0].pubDate).toBe('Mon, 05 Jan 2026 00:00:00 GMT');
    expect(rss.channel.item[0].description).toBe('About reel 2.');
  });

  it('encloses the stable public picture as an image, and nothing for a video without one', () => {
    expect(rss.channel.item[1].enclosure).toMatchObject({
      '@url': `${ORIGIN}/thumbnails/3-abcdefghijklmnop-1280.jpg`,
      '@type': 'image/jpeg',
    });
    expect(rss.channel.item[0].enclosure).toBeUndefined();
  });
});

describe('the Atom 1.0 feed of a showcase', () => {
  const feed = parser.parse(renderShowcaseFeed(SHOWCASE, 'atom', OPTIONS)).feed;

  it('is updated when its newest video was added, and each entry has an id, link and dates', () => {
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.updated).toBe('2026-01-05T00:00:00.000Z');
    expect(feed.entry).toHaveLength(3);
    expect(feed.entry[0].id).toBe(`${ORIGIN}/showcase/4/video/2`);
    expect(feed.entry[0].published).toBe('2026-01-05T00:00:00.000Z');
    expect(feed.entry[1].link[1]).toMatchObject({
      '@rel': 'enclosure',
      '@href': `${ORIGIN}/thumbnails/3-abcdefghijklmnop-1280.jpg`,
    });
  });
});

describe('the JSON Feed of a showcase', () => {
  const json = JSON.parse(renderShowcaseFeed(SHOWCASE, 'json', OPTIONS));

  it('is JSON Feed 1.1, with its language and authors', () => {
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.language).toBe('en');
    expect(json.authors).toEqual([{ name: SHOWCASE.ownerName }]);
    expect(json.author).toBeUndefined();
    expect(json.home_page_url).toBe(`${ORIGIN}/showcase/4`);
    for (const item of json.items) {
      expect(item.authors).toEqual([{ name: SHOWCASE.ownerName }]);
      expect(item.content_html ?? item.content_text).toEqual(expect.any(String));
      expect(item.date_published).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
  });

  it('has its items with their pages and pictures', () => {
    expect(json.feed_url).toBe(`${ORIGIN}/showcase/4/feed.json`);
    expect(json.items.map((item: { url: string }) => item.url)).toEqual(
      [2, 3, 1].map((id) => `${ORIGIN}/showcase/4/video/${id}`),
    );
    expect(json.items[1].image).toBe(`${ORIGIN}/thumbnails/3-abcdefghijklmnop-1280.jpg`);
  });
});

describe('a feed for readers of another language', () => {
  it('links the pages and feeds of that locale and says its language', () => {
    const rss = parser.parse(
      renderShowcaseFeed(SHOWCASE, 'rss', { ...OPTIONS, locale: 'pt-BR' }),
    ).rss;
    expect(rss.channel.language).toBe('pt-BR');
    expect(rss.channel.link).toBe(`${ORIGIN}/pt-BR/showcase/4`);
    expect(rss.channel.item[0].link).toBe(`${ORIGIN}/pt-BR/showcase/4/video/2`);
    expect(rss.channel['atom:link']['@href']).toBe(`${ORIGIN}/pt-BR${feedPath(4, 'rss')}`);
  });
});

describe('given a showcase without a description and with more videos than a feed carries', () => {
  const many: FeedShowcase = {
    ...SHOWCASE,
    description: '',
    videos: Array.from({ length: FEED_ITEM_LIMIT + 10 }, (_, i) => video(i + 1, i + 1)),
  };
  const rss = parser.parse(renderShowcaseFeed(many, 'rss', OPTIONS)).rss;

  it('describes the feed with the fallback text', () => {
    expect(rss.channel.description).toBe('Videos from Northwind Showreel');
  });

  it('carries only the newest videos', () => {
    expect(rss.channel.item).toHaveLength(FEED_ITEM_LIMIT);
    expect(rss.channel.item[0].title).toBe(`Reel ${FEED_ITEM_LIMIT + 10}`);
  });
});

describe('titles and descriptions written as plain text', () => {
  const hostile: FeedShowcase = {
    ...SHOWCASE,
    videos: [
      video(9, 9, {
        name: 'Cut <script>alert(1)</script> ]]> & more',
        description: 'Line one\nsee https://example.org/a?b=1&c=2 <b>now</b>',
      }),
    ],
  };

  it('reach HTML-reading formats escaped, never as markup, and the XML stays well formed', () => {
    const rss = parser.parse(renderShowcaseFeed(hostile, 'rss', OPTIONS)).rss;
    expect(rss.channel.item.title).toBe(
      'Cut &#60;script&#62;alert(1)&#60;/script&#62; ]]&#62; &#38; more',
    );
    const atom = parser.parse(renderShowcaseFeed(hostile, 'atom', OPTIONS)).feed;
    expect(atom.entry.title['#text']).not.toContain('<script>');
  });

  it('stay plain in JSON Feed titles', () => {
    const json = JSON.parse(renderShowcaseFeed(hostile, 'json', OPTIONS));
    expect(json.items[0].title).toBe('Cut <script>alert(1)</script> ]]> & more');
    expect(json.items[0].content_html).not.toContain('<b>');
  });

  it('keep their links and line breaks as markup, as on the showcase page', () => {
    expect(descriptionHtml('Line one\nsee https://example.org/a?b=1&c=2 <b>now</b>')).toBe(
      'Line one<br>see <a href="https://example.org/a?b=1&#38;c=2">https://example.org/a?b=1&#38;c=2</a> &#60;b&#62;now&#60;/b&#62;',
    );
  });
});
