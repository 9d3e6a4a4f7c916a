/**
 * The entries of /sitemap.xml: each public showcase's page and each of its public videos'
 * pages, in every locale, and the video sitemap entry of each video (Google's video
 * extension) where a search engine could play it.
 *
 * One <url> per locale, with no xhtml:link alternates: every page already names its
 * alternates in its head (hreflang, src/layouts/Shell.astro), which search engines treat
 * the same as alternates in a sitemap, and eight alternates on each of eight URLs would
 * take a sitemap of 50,000 URLs past the protocol's 50 MB. A video's entry sits on its
 * default-locale page only: the eight translations hold the same player, and repeating it
 * would only list the video eight times.
 */
import type { SitemapItemLoose, VideoItemLoose } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './domain.ts';
import { localizePath } from './localeNegotiation.ts';

/** The sitemaps protocol's limit of URLs in one file (and Google's). */
export const MAX_SITEMAP_URLS = 50_000;

/** Google's video sitemap limits: title and description lengths, duration in seconds. */
const MAX_TITLE = 100;
const MAX_DESCRIPTION = 2048;
const MAX_DURATION = 28_800;

export interface SitemapVideo {
  id: number;
  name: string;
  description: string;
  /** Seconds; 0 when unknown (a live event). */
  duration: number;
  createdAt: Date;
  plays: number;
  familyFriendly: boolean;
  /** On the air now. */
  live: boolean;
  /** A stable public picture; a video without one gets no video entry. */
  thumbnail: { url: string } | null;
}

export interface SitemapShowcase {
  id: number;
  updatedAt: Date;
  /** The player frame may be framed by any site; otherwise no video entry could play. */
  embeddableAnywhere: boolean;
  videos: readonly SitemapVideo[];
}

/** A sitemap URL; its video entries, when it has any, always as a list. */
export interface SitemapUrl extends SitemapItemLoose {
  video?: VideoItemLoose[];
}

export interface SitemapOptions {
  origin: string;
  locales?: readonly Locale[];
}

/** At most `max` characters (code points, so no character is cut in half), marked when cut. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

function videoEntry(video: SitemapVideo, thumbnailUrl: string, playerUrl: string): VideoItemLoose {
  const title = clip(video.name, MAX_TITLE);
  return {
    thumbnail_loc: thumbnailUrl,
    title,
    // The protocol requires a description; a video without one is described by its title.
    description: clip(video.description, MAX_DESCRIPTION) || title,
    player_loc: playerUrl,
    ...(video.duration >= 1 && video.duration <= MAX_DURATION
      ? { duration: Math.round(video.duration) }
      : {}),
    publication_date: video.createdAt.toISOString(),
    view_count: video.plays,
    family_friendly: video.familyFriendly,
    requires_subscription: false,
    live: video.live,
  };
}

export function sitemapEntries(
  showcases: readonly SitemapShowcase[],
  { origin, locales = LOCALES }: SitemapOptions,
): SitemapUrl[] {
  const absolute = (path: string) => new URL(path, origin).href;
  const entries: SitemapUrl[] = [];
  for (const showcase of showcases) {
    const showcasePath = `/showcase/${showcase.id}`;
    for (const locale of locales)
      entries.push({
        url: absolute(localizePath(locale, showcasePath)),
        lastmod: showcase.updatedAt.toISOString(),
      });
    for (const video of showcase.videos) {
      const videoPath = `${showcasePath}/video/${video.id}`;
      const playable = showcase.embeddableAnywhere && video.thumbnail !== null;
      for (const locale of locales) {
        const entry: SitemapUrl = { url: absolute(localizePath(locale, videoPath)) };
        if (playable && locale === DEFAULT_LOCALE)
          entry.video = [videoEntry(video, video.thumbnail!.url, absolute(`${videoPath}/embed`))];
        entries.push(entry);
      }
    }
  }
  return entries;
}

/** How many sitemap files `total` URLs need at `limit` URLs each (at least one, even when empty). */
export function sitemapPageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The URLs of sitemap file `page` (1-based); null past the last. */
export function sitemapPage<T>(entries: readonly T[], page: number, limit: number): T[] | null {
  if (!Number.isInteger(page) || page < 1 || page > sitemapPageCount(entries.length, limit))
    return null;
  return entries.slice((page - 1) * limit, page * limit);
}

/** /sitemap.xml: the URLs themselves, or when they need several files an index of them. */
export type SitemapDocument =
  { kind: 'urlset'; entries: SitemapUrl[] } | { kind: 'index'; pages: string[] };

export function sitemapDocument(
  entries: SitemapUrl[],
  { origin, limit }: { origin: string; limit: number },
): SitemapDocument {
  const pages = sitemapPageCount(entries.length, limit);
  if (pages === 1) return { kind: 'urlset', entries };
  return {
    kind: 'index',
    pages: Array.from({ length: pages }, (_, i) => new URL(sitemapPagePath(i + 1), origin).href),
  };
}

function sitemapPagePath(page: number): string {
  return `/sitemaps/${page}.xml`;
}
