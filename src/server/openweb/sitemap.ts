/**
 * /sitemap.xml and its files /sitemaps/{n}.xml: the public catalogue (publicCatalogue.ts)
 * as sitemap entries (src/lib/sitemapEntries.ts), absolute from the site origin. Past
 * SITEMAP_URL_LIMIT URLs, /sitemap.xml is the index of the files.
 *
 * A crawler reads the index and then every file in a row: the catalogue is read once for
 * all of them (single flight, kept half a minute), so the files agree with one another and
 * the database is walked once rather than once per file.
 */
import {
  sitemapDocument,
  sitemapEntries,
  sitemapPage,
  type SitemapUrl,
} from '../../lib/sitemapEntries.ts';
import { createTtlCache } from '../../lib/ttlCache.ts';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { siteOrigin } from '../http/publicOrigin.ts';
import { readPublicCatalogue } from './publicCatalogue.ts';
import { sitemapIndexXml, urlsetXml } from './sitemapXml.ts';

interface SitemapSource {
  origin: string;
  entries: SitemapUrl[];
  limit: number;
}

/** One per site origin (PUBLIC_URL and each of TRUSTED_HOSTS). */
const sources = createTtlCache<SitemapSource>({ ttlMs: 30_000, max: 16 });

function sitemapSource(url: URL): Promise<SitemapSource> {
  const origin = siteOrigin(url);
  return sources.get(origin, async () => {
    const catalogue = await readPublicCatalogue(await getDb(), origin);
    return {
      origin,
      entries: sitemapEntries(catalogue, { origin }),
      limit: config().SITEMAP_URL_LIMIT,
    };
  });
}

/** /sitemap.xml: every URL, or the index of the files when they are too many for one. */
export async function sitemapXml(url: URL): Promise<string> {
  const { origin, entries, limit } = await sitemapSource(url);
  const document = sitemapDocument(entries, { origin, limit });
  return document.kind === 'urlset' ? urlsetXml(document.entries) : sitemapIndexXml(document.pages);
}

/** /sitemaps/{page}.xml; null past the last file. */
export async function sitemapPageXml(url: URL, page: number): Promise<string | null> {
  const { entries, limit } = await sitemapSource(url);
  const slice = sitemapPage(entries, page, limit);
  return slice === null ? null : urlsetXml(slice);
}
