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
import type { RepublishScope } from './publishChanges.ts';
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

/** The pages that list showcases: the home page and the human-readable site map. */
const LISTING_PATHS = ['/', '/site_map'];
/** Those, and the site's own pages the footer links to. */
const SITE_PAGE_PATHS = [...LISTING_PATHS, ...Object.values(SITE_PAGES).map((page) => page.path)];
/** The files that list showcases and videos. */
const LISTING_FILES = ['/sitemap.xml', '/robots.txt'].map((path) => ({
  address: path,
  source: path,
}));

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
  return [...gridPages(showcase), ...videoPages(showcase.id, showcase.videoIds)];
}

function gridPages(showcase: PublishedShowcase): PublishedPage[] {
  const path = showcasePath(showcase.id);
  // SPEC §2: page is ignored for the live layout.
  const pages =
    showcase.layout === 'live' ? 1 : pageCount(showcase.totalVideos, pageSizeFor(showcase.layout));
  return Array.from({ length: pages }, (_, i) => ({
    address: gridPageAddress(path, i + 1),
    source: i === 0 ? path : `${path}?page=${i + 1}`,
  }));
}

function videoPages(albumId: number, videoIds: readonly number[]): PublishedPage[] {
  return videoIds.flatMap((videoId) => {
    const view = videoPath(albumId, videoId);
    return [view, `${view}/embed`].map((page) => ({ address: page, source: page }));
  });
}

function showcaseFiles(showcase: PublishedShowcase, siteOrigin: string): PublishedFile[] {
  return [
    ...listFiles(showcase.id, siteOrigin),
    ...oembedFiles(
      showcase.videoIds.map((videoId) => videoPath(showcase.id, videoId)),
      siteOrigin,
    ),
  ];
}

/** The showcase's feeds and its own oEmbed answers: what lists its videos. */
function listFiles(albumId: number, siteOrigin: string): PublishedFile[] {
  const feeds = FEED_FORMATS.map((format) => {
    const feed = `${showcasePath(albumId)}/feed.${format}`;
    return { address: feed, source: feed };
  });
  return [...feeds, ...oembedFiles([showcasePath(albumId)], siteOrigin)];
}

function oembedFiles(described: readonly string[], siteOrigin: string): PublishedFile[] {
  return described.flatMap((page) =>
    OEMBED_FORMATS.map((format) => ({
      address: oembedAddress(page, format),
      source: `/oembed?${new URLSearchParams({ url: new URL(page, siteOrigin).href, ...(format === 'xml' ? { format } : {}) })}`,
    })),
  );
}

const localized = (unlocalized: readonly PublishedPage[], locales: readonly Locale[]) =>
  locales.flatMap((locale) =>
    unlocalized.map(({ address, source }) => ({
      address: localizePath(locale, address),
      source: localizePath(locale, source),
    })),
  );

/** Every page and file of the publication of `showcases`, pages in each of `locales`. */
export function publishPlan(
  showcases: readonly PublishedShowcase[],
  { siteOrigin, locales = LOCALES }: { siteOrigin: string; locales?: readonly Locale[] },
): PublishPlan {
  const unlocalized = [
    ...SITE_PAGE_PATHS.map((path) => ({ address: path, source: path })),
    ...showcases.flatMap(showcasePages),
  ];
  const files = [
    ...LISTING_FILES,
    ...showcases.flatMap((showcase) => showcaseFiles(showcase, siteOrigin)),
  ];
  return { pages: localized(unlocalized, locales), files };
}

/**
 * The part of the publication of `showcases` that a change renders again (publishChanges.ts):
 * of a showcase changed as a whole, every page and file; of one whose videos changed, its
 * lists (grid pages, feeds, its oEmbed answers) and those videos' pages; the home page and
 * the site map when the scope says so, and the sitemap with any change. A scope's showcase or
 * video that is not published has nothing here.
 */
export function republishPlan(
  showcases: readonly PublishedShowcase[],
  scope: RepublishScope,
  { siteOrigin, locales = LOCALES }: { siteOrigin: string; locales?: readonly Locale[] },
): PublishPlan {
  // The changed videos' own pages first: what a visitor of them looks for comes soonest.
  const views: PublishedPage[] = [];
  const lists: PublishedPage[] = [];
  const files: PublishedFile[] = [];
  for (const showcase of showcases) {
    const changed = scope.showcases.get(showcase.id);
    if (!changed) continue;
    const videoIds =
      changed === 'all'
        ? showcase.videoIds
        : showcase.videoIds.filter((videoId) => changed.has(videoId));
    views.push(...videoPages(showcase.id, videoIds));
    lists.push(...gridPages(showcase));
    files.push(
      ...listFiles(showcase.id, siteOrigin),
      ...oembedFiles(
        videoIds.map((videoId) => videoPath(showcase.id, videoId)),
        siteOrigin,
      ),
    );
  }
  if (scope.listings) lists.push(...LISTING_PATHS.map((path) => ({ address: path, source: path })));
  if (scope.listings || scope.showcases.size > 0) files.push(...LISTING_FILES);
  return { pages: [...localized(views, locales), ...localized(lists, locales)], files };
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
