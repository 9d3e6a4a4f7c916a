/**
 * The sitemap files as XML, written by the `sitemap` library: the URL set with Google's
 * video extension, and the index that points at the files of a large one.
 */
import { Readable, type Transform } from 'node:stream';
import {
  ErrorLevel,
  SitemapIndexStream,
  SitemapStream,
  streamToPromise,
  type SitemapItemLoose,
} from 'sitemap';

/** An entry the protocol would refuse is a bug in sitemapEntries.ts: fail loudly rather than list it. */
const level = ErrorLevel.THROW;

async function written(items: readonly unknown[], stream: Transform): Promise<string> {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** A site with nothing public yet: the library refuses to write an empty set, the protocol allows it. */
const EMPTY_URLSET =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';

export async function urlsetXml(entries: readonly SitemapItemLoose[]): Promise<string> {
  if (entries.length === 0) return EMPTY_URLSET;
  return written(
    entries,
    new SitemapStream({ level, xmlns: { news: false, video: true, xhtml: false, image: false } }),
  );
}

export function sitemapIndexXml(pageUrls: readonly string[]): Promise<string> {
  return written(
    pageUrls.map((url) => ({ url })),
    new SitemapIndexStream({ level }),
  );
}
