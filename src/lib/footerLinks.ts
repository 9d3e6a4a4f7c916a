/**
 * Every link of the shared footer (SPEC §2 "Footer links"), grouped in the columns Product,
 * Resources, Apps and Company, and the legal menu with the rules of SPEC §5 and §6. Labels
 * are i18n keys of the `footer` area; internal links come back localized.
 */
import type { Locale } from './domain.ts';
import type { LegalRegime } from './legalRegime.ts';
import { localizePath } from './localeNegotiation.ts';

/**
 * Sites that are not part of this deployment. Placeholders of the reference deployment: a
 * self-hoster points them at their own investor, press, developer and app-store pages.
 */
export const EXTERNAL_LINKS = {
  investors: 'https://investors.vitrine.video/',
  press: 'https://press.vitrine.video/',
  developers: 'https://developer.vitrine.video/',
  appStore: 'https://apps.vitrine.video/ios',
  googlePlay: 'https://apps.vitrine.video/android',
} as const;

/** The feature pages of SPEC §2, in its order: /features/{slug}. */
export const FEATURE_SLUGS = [
  'interactive-video',
  'auto-caption',
  'webinar',
  'virtual-events',
  'video-player',
  'video-library',
  'livestreaming',
  'screen-recorder',
  'video-privacy',
  'video-collaboration',
  'video-marketing',
  'video-analytics',
  'online-video-hosting',
] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

export interface FooterLink {
  /** i18n key of the link text. */
  labelKey: string;
  href: string;
  /** Another site: rendered with rel="noopener". */
  external: boolean;
}

export type FooterColumnId = 'product' | 'resources' | 'apps' | 'company';

export interface FooterColumn {
  id: FooterColumnId;
  /** i18n key of the column heading. */
  labelKey: string;
  links: FooterLink[];
  /** A titled sub-list under the links (Product's feature pages). */
  group?: { labelKey: string; links: FooterLink[] };
}

export interface FooterContext {
  locale: Locale;
  /** SPEC §6: a simplified site hides Help and Upgrade. */
  simplified: boolean;
}

const FEATURE_KEYS: Record<FeatureSlug, string> = {
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

export function footerColumns({ locale, simplified }: FooterContext): FooterColumn[] {
  const site = (labelKey: string, path: string): FooterLink => ({ labelKey, href: localizePath(locale, path), external: false });
  const away = (labelKey: string, href: string): FooterLink => ({ labelKey, href, external: true });
  const unlessSimplified = (link: FooterLink): FooterLink[] => (simplified ? [] : [link]);

  return [
    {
      id: 'product',
      labelKey: 'footer.product',
      links: [
        ...unlessSimplified(site('footer.upgrade', '/upgrade')),
        site('footer.upload', '/upload'),
        site('footer.create', '/create'),
        site('footer.videoEditor', '/video-editor'),
        site('footer.onDemand', '/ondemand'),
        site('footer.ott', '/ott'),
      ],
      group: {
        labelKey: 'footer.features',
        links: FEATURE_SLUGS.map((slug) => site(FEATURE_KEYS[slug], `/features/${slug}`)),
      },
    },
    {
      id: 'resources',
      labelKey: 'footer.resources',
      links: [
        ...unlessSimplified(site('footer.help', '/help')),
        site('footer.guidelines', '/help/guidelines'),
        site('footer.blog', '/blog'),
        site('footer.staffPicks', '/channels/staffpicks'),
        site('footer.forHire', '/for-hire'),
        site('footer.experts', '/experts'),
        away('footer.developers', EXTERNAL_LINKS.developers),
        site('footer.siteMap', '/site_map'),
      ],
    },
    {
      id: 'apps',
      labelKey: 'footer.apps',
      links: [
        away('footer.appStore', EXTERNAL_LINKS.appStore),
        away('footer.googlePlay', EXTERNAL_LINKS.googlePlay),
      ],
    },
    {
      id: 'company',
      labelKey: 'footer.company',
      links: [
        site('footer.about', '/about'),
        site('footer.careers', '/careers'),
        site('footer.partners', '/partners'),
        site('footer.customers', '/customers'),
        away('footer.investors', EXTERNAL_LINKS.investors),
        away('footer.press', EXTERNAL_LINKS.press),
      ],
    },
  ];
}

/**
 * The legal menu (SPEC §6): Terms and Privacy always; on a full site also US state privacy,
 * cookies and DMCA, the Impressum and the contract-termination link where they apply, and
 * 'Do Not Sell My Personal Information' under CPRA only (SPEC §5). A simplified site shows
 * only Terms and Privacy whatever the regime. The mature filter is a form, not a link, and
 * is placed by the footer itself.
 */
export function legalLinks(locale: Locale, regime: LegalRegime): FooterLink[] {
  const site = (labelKey: string, path: string): FooterLink => ({ labelKey, href: localizePath(locale, path), external: false });
  const always = [site('footer.terms', '/terms'), site('footer.privacy', '/privacy')];
  if (regime.simplified) return always;
  return [
    ...always,
    site('footer.usStatePrivacy', '/privacy/us-state-privacy'),
    site('footer.cookiePolicy', '/cookie_policy'),
    site('footer.dmca', '/dmca'),
    ...(regime.impressum ? [site('footer.impressum', '/leo/guidelines/impressum')] : []),
    ...(regime.terminateContract ? [site('footer.terminateContract', '/settings/billing/membership_plan/optout')] : []),
    // The opt-out section of the US state privacy notice; a consent tool may replace it.
    ...(regime.cpra ? [site('footer.doNotSell', '/privacy/us-state-privacy#do-not-sell')] : []),
  ];
}
