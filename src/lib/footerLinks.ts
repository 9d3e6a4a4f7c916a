/**
 * Every link of the shared footer (SPEC §2 "Footer links"), grouped in the columns Product,
 * Resources, Apps and Company, and the legal menu with the rules of SPEC §5 and §6. Labels
 * are i18n keys of the `footer` area; the pages Vitrine serves come back localized. Links to
 * what a self-hosted site may not have come from the site configuration (siteConfig.ts) and
 * are left out unless it sets them, so no footer link leads nowhere; an empty column goes.
 */
import type { Locale } from './domain.ts';
import type { LegalRegime } from './legalRegime.ts';
import { localizePath } from './localeNegotiation.ts';
import { FEATURE_SLUGS, type FeatureSlug, type SiteLinks } from './siteConfig.ts';
import type { TranslationKey } from './translationKeys.ts';

export interface FooterLink {
  /** i18n key of the link text. */
  labelKey: TranslationKey;
  href: string;
  /** Not served by Vitrine (a configured address): rendered with rel="noopener". */
  external: boolean;
}

type FooterColumnId = 'product' | 'resources' | 'apps' | 'company';

export interface FooterColumn {
  id: FooterColumnId;
  /** i18n key of the column heading. */
  labelKey: TranslationKey;
  links: FooterLink[];
  /** A titled sub-list under the links (Product's feature pages). */
  group?: { labelKey: TranslationKey; links: FooterLink[] };
}

export interface FooterContext {
  locale: Locale;
  /** SPEC §6: a simplified site hides Help and Upgrade. */
  simplified: boolean;
  /** The site configuration's addresses; an unset one is not rendered. */
  links: SiteLinks;
}

const FEATURE_KEYS: Record<FeatureSlug, TranslationKey> = {
  'interactive-video': 'footer.featureInteractiveVideo',
  'auto-caption': 'footer.featureAutoCaption',
  webinar: 'footer.featureWebinar',
  'virtual-events': 'footer.featureVirtualEvents',
  'video-player': 'footer.featureVideoPlayer',
  'video-library': 'footer.featureVideoLibrary',
  livestreaming: 'footer.featureLivestreaming',
  'screen-recorder': 'footer.featureScreenRecorder',
  'video-privacy': 'footer.featureVideoPrivacy',
  'video-collaboration': 'footer.featureVideoCollaboration',
  'video-marketing': 'footer.featureVideoMarketing',
  'video-analytics': 'footer.featureVideoAnalytics',
  'online-video-hosting': 'footer.featureOnlineVideoHosting',
};

export function footerColumns({ locale, simplified, links }: FooterContext): FooterColumn[] {
  const site = (labelKey: TranslationKey, path: string): FooterLink => ({
    labelKey,
    href: localizePath(locale, path),
    external: false,
  });
  const configured = (labelKey: TranslationKey, href: string | undefined): FooterLink[] =>
    href ? [{ labelKey, href, external: true }] : [];
  const unlessSimplified = (link: FooterLink): FooterLink[] => (simplified ? [] : [link]);
  const features = FEATURE_SLUGS.flatMap((slug) =>
    configured(FEATURE_KEYS[slug], links.features[slug]),
  );

  const columns: FooterColumn[] = [
    {
      id: 'product',
      labelKey: 'footer.product',
      links: [
        ...unlessSimplified(site('footer.upgrade', '/upgrade')),
        site('footer.upload', '/upload'),
        ...configured('footer.create', links.create),
        ...configured('footer.videoEditor', links.videoEditor),
        ...configured('footer.onDemand', links.onDemand),
        ...configured('footer.ott', links.ott),
      ],
      ...(features.length > 0 ? { group: { labelKey: 'footer.features', links: features } } : {}),
    },
    {
      id: 'resources',
      labelKey: 'footer.resources',
      links: [
        ...unlessSimplified(site('footer.help', '/help')),
        site('footer.guidelines', '/help/guidelines'),
        ...configured('footer.blog', links.blog),
        ...configured('footer.staffPicks', links.staffPicks),
        ...configured('footer.forHire', links.forHire),
        ...configured('footer.experts', links.experts),
        ...configured('footer.developers', links.developers),
        site('footer.siteMap', '/site_map'),
      ],
    },
    {
      id: 'apps',
      labelKey: 'footer.apps',
      links: [
        ...configured('footer.appStore', links.appStore),
        ...configured('footer.googlePlay', links.googlePlay),
      ],
    },
    {
      id: 'company',
      labelKey: 'footer.company',
      links: [
        site('footer.about', '/about'),
        ...configured('footer.careers', links.careers),
        ...configured('footer.partners', links.partners),
        ...configured('footer.customers', links.customers),
        ...configured('footer.investors', links.investors),
        ...configured('footer.press', links.press),
      ],
    },
  ];
  return columns.filter((column) => column.links.length > 0 || column.group);
}

/**
 * The legal menu (SPEC §6): Terms and Privacy always; on a full site also US state privacy,
 * cookies and DMCA, the Impressum and the contract-termination link where they apply, and
 * 'Do Not Sell My Personal Information' under CPRA only (SPEC §5). A simplified site shows
 * only Terms and Privacy whatever the regime. The mature filter is a form, not a link, and
 * is placed by the footer itself.
 */
export function legalLinks(locale: Locale, regime: LegalRegime): FooterLink[] {
  const site = (labelKey: TranslationKey, path: string): FooterLink => ({
    labelKey,
    href: localizePath(locale, path),
    external: false,
  });
  const always = [site('footer.terms', '/terms'), site('footer.privacy', '/privacy')];
  if (regime.simplified) return always;
  return [
    ...always,
    site('footer.usStatePrivacy', '/privacy/us-state-privacy'),
    site('footer.cookiePolicy', '/cookie_policy'),
    site('footer.dmca', '/dmca'),
    ...(regime.impressum ? [site('footer.impressum', '/leo/guidelines/impressum')] : []),
    ...(regime.terminateContract
      ? [site('footer.terminateContract', '/settings/billing/membership_plan/optout')]
      : []),
    // The opt-out section of the US state privacy notice; a consent tool may replace it.
    ...(regime.cpra ? [site('footer.doNotSell', '/privacy/us-state-privacy#do-not-sell')] : []),
  ];
}
