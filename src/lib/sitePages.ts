/**
 * The pages of the site itself that the footer and the legal menu link to (SPEC §2 "Footer
 * links"): each is a Markdown file the operator edits (content/pages/{locale}/{page}.md),
 * shown in the viewer's language when that file exists and in English otherwise.
 */
import { DEFAULT_LOCALE, type Locale } from './domain.ts';
import type { LegalRegime } from './legalRegime.ts';
import { localizePath } from './localeNegotiation.ts';

export const SITE_PAGES = {
  terms: { path: '/terms', titleKey: 'sitePages.termsTitle' },
  privacy: { path: '/privacy', titleKey: 'sitePages.privacyTitle' },
  'us-state-privacy': {
    path: '/privacy/us-state-privacy',
    titleKey: 'sitePages.usStatePrivacyTitle',
  },
  'cookie-policy': { path: '/cookie_policy', titleKey: 'sitePages.cookiePolicyTitle' },
  dmca: { path: '/dmca', titleKey: 'sitePages.dmcaTitle' },
  impressum: { path: '/leo/guidelines/impressum', titleKey: 'sitePages.impressumTitle' },
  guidelines: { path: '/help/guidelines', titleKey: 'sitePages.guidelinesTitle' },
  help: { path: '/help', titleKey: 'sitePages.helpTitle' },
  about: { path: '/about', titleKey: 'sitePages.aboutTitle' },
} as const;

export type SitePageName = keyof typeof SITE_PAGES;

/** Entry ids to try, best first: the viewer's language, then English. */
export function sitePageCandidates(name: SitePageName, locale: Locale): string[] {
  const own = `${locale}/${name}`;
  return locale === DEFAULT_LOCALE ? [own] : [own, `${DEFAULT_LOCALE}/${name}`];
}

/** The language an entry is written in, from its id ('de-DE/impressum' → 'de-DE'). */
export function entryLocale(id: string): string {
  return id.slice(0, id.indexOf('/'));
}

/**
 * The site pages the human-readable site map lists, by the footer's rules: the Impressum
 * only where one applies, Help not on a simplified site (SPEC §6).
 */
export function siteMapPages(
  regime: Pick<LegalRegime, 'impressum' | 'simplified'>,
): SitePageName[] {
  return (Object.keys(SITE_PAGES) as SitePageName[]).filter(
    (name) =>
      !(name === 'impressum' && !regime.impressum) && !(name === 'help' && regime.simplified),
  );
}

const SITE_LINK = /(<a\s[^>]*?href=")(\/(?!\/)[^"]*)"/g;

/**
 * The rendered Markdown of a site page with its links to this site (`/dmca`) in the viewer's
 * language (`/fr-FR/dmca`): one text serves every locale that has no version of its own.
 */
export function localizeContentLinks(html: string, locale: Locale): string {
  return html.replace(
    SITE_LINK,
    (_, start: string, path: string) => `${start}${localizePath(locale, path)}"`,
  );
}
