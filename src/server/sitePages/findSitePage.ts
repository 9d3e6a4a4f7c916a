/**
 * A site page's Markdown entry (src/content.config.ts) in the viewer's language where the
 * operator wrote one, else the English one: a page is never missing for lack of a translation.
 */
import type { AstroGlobal } from 'astro';
import { getEntry, type CollectionEntry } from 'astro:content';
import type { Locale } from '../../lib/domain.ts';
import { entryLocale, sitePageCandidates, type SitePageName } from '../../lib/sitePages.ts';
import { pageCacheControl } from '../http/cacheControl.ts';

export interface FoundSitePage {
  name: SitePageName;
  entry: CollectionEntry<'sitePages'>;
  /** The language the entry is written in. */
  lang: string;
  /** False when the viewer's language has no version and the English one stands in. */
  inViewerLocale: boolean;
}

async function findSitePage(name: SitePageName, locale: Locale): Promise<FoundSitePage | null> {
  for (const id of sitePageCandidates(name, locale)) {
    const entry = await getEntry('sitePages', id);
    if (entry)
      return { name, entry, lang: entryLocale(id), inViewerLocale: entryLocale(id) === locale };
  }
  return null;
}

/** The page a route renders, cacheable like any public page; null when the operator removed its file. */
export async function sitePageFor(
  astro: AstroGlobal,
  name: SitePageName,
): Promise<FoundSitePage | null> {
  const page = await findSitePage(name, astro.locals.locale);
  if (page)
    astro.response.headers.set(
      'Cache-Control',
      pageCacheControl(astro.locals, astro.cookies, true),
    );
  return page;
}
