/**
 * What a static publication of the site holds (`npm run publish`, src/server/publish/): the
 * addresses of the public site in every locale, decided from the showcases and videos the one
 * access path opens to a stranger (src/server/openweb/publicCatalogue.ts), and the file each
 * address is written to, so that any static server maps the address to it.
 *
 * A page is asked of the app at its `source` and written at its `address`; the two differ only
 * for a grid's later pages, whose ?page=n no static server reads: they are published as
 * /showcase/{id}/page/{n}, and the links to them are rewritten (src/lib/staticPage.ts).
 */
import { LOCALES, type Layout, type Locale } from './domain.ts';
import { localizePath } from './localeNegotiation.ts';
import { pageCount, pageSizeFor } from './pagination.ts';
import { SITE_PAGES } from './sitePages.ts';

/** A showcase a stranger may open, with the videos of it public on the open web. */
export interface PublishedShowcase {
  id: number;
  layout: Layout;
  /** Every video it holds: its grid's page count. */
  totalVideos: number;
  /** Its videos a stranger may watch, in its order. */
  videoIds: readonly number[];
}

interface PublishedPage {
  /** Where it is published, localized. */
  address: string;
  /** What the app is asked for. */
  source: string;
}

/** A file of the publication that is not a page: what the app answers at `source`, kept at `address`. */
interface PublishedFile {
  address: string;
  source: string;
}

export interface PublishPlan {
  pages: PublishedPage[];
  files: PublishedFile[];
}

/** The site's own pages the footer links to, and the human-readable site map. */
const SITE_PAGE_PATHS = ['/', '/site_map', ...Object.values(SITE_PAGES).map((page) => page.path)];

const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
const OEMBED_FORMATS = ['json', 'xml'] as const;

const showcasePath = (albumId: number) => `/showcase/${albumId}`;
const videoPath = (albumId: number, videoId: number) => `${showcasePath(albumId)}/video/${videoId}`;

/** Where page `page` of a grid is published: page 1 is the showcase's own address. */
export function gridPageAddress(path: string, page: number): string {
  return page <= 1 ? path : `${path}/page/${page}`;
}

/** The static file of an oEmbed answer about the page at `path` (unlocalized). */
export const oembedAddress = (path: string, format: 'json' | 'xml') =>
  `${path === '/' ? '' : path}/oembed.${format}`;

/** The unlocalized pages of one showcase: its grid pages (none but the first for a live layout) and its videos' views and player frames. */
function showcasePages(showcase: PublishedShowcase): PublishedPage[] {
  const path = showcasePath(showcase.id);
  // SPEC §2: page is ignored for the live layout.
  const pages =
    showcase.layout === 'live' ? 1 : pageCount(showcase.totalVideos, pageSizeFor(showcase.layout));
  const grid = Array.from({ length: pages }, (_, i) => ({
    address: gridPageAddress(path, i + 1),
    source: i === 0 ? path : `${path}?page=${i + 1}`,
  }));
  const views = showcase.videoIds.flatMap((videoId) => {
    const view = videoPath(showcase.id, videoId);
    return [view, `${view}/embed`].map((page) => ({ address: page, source: page }));
  });
  return [...grid, ...views];
}

function showcaseFiles(showcase: PublishedShowcase, siteOrigin: string): PublishedFile[] {
  const path = showcasePath(showcase.id);
  const feeds = FEED_FORMATS.map((format) => {
    const feed = `${path}/feed.${format}`;
    return { address: feed, source: feed };
  });
  const described = [path, ...showcase.videoIds.map((videoId) => videoPath(showcase.id, videoId))];
  const oembed = described.flatMap((page) =>
    OEMBED_FORMATS.map((format) => ({
      address: oembedAddress(page, format),
      source: `/oembed?${new URLSearchParams({ url: new URL(page, siteOrigin).href, ...(format === 'xml' ? { format } : {}) })}`,
    })),
  );
  return [...feeds, ...oembed];
}

/** Every page and file of the publication of `showcases`, pages in each of `locales`. */
export function publishPlan(
  showcases: readonly PublishedShowcase[],
  { siteOrigin, locales = LOCALES }: { siteOrigin: string; locales?: readonly Locale[] },
): PublishPlan {
  const unlocalized = [
    ...SITE_PAGE_PATHS.map((path) => ({ address: path, source: path })),
    ...showcases.flatMap(showcasePages),
  ];
  const pages = locales.flatMap((locale) =>
    unlocalized.map(({ address, source }) => ({
      address: localizePath(locale, address),
      source: localizePath(locale, source),
    })),
  );
  const files = [
    { address: '/sitemap.xml', source: '/sitemap.xml' },
    { address: '/robots.txt', source: '/robots.txt' },
    ...showcases.flatMap((showcase) => showcaseFiles(showcase, siteOrigin)),
  ];
  return { pages, files };
}

/**
 * The file an address is written to, relative to the publication's root: a page is
 * `{address}/index.html`, a file (its last segment has an extension) is itself.
 */
export function staticFilePath(address: string): string {
  const path = address.split(/[?#]/, 1)[0]!.replace(/^\/+|\/+$/g, '');
  if (path === '') return 'index.html';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? path : `${path}/index.html`;
}
