import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { footerColumns, legalLinks } from './footerLinks.ts';
import type { LegalRegime } from './legalRegime.ts';
import { EMPTY_SITE_CONFIG, FEATURE_SLUGS, parseSiteConfig } from './siteConfig.ts';
import footerCatalogue from '../../i18n/en/footer.json';

const none = EMPTY_SITE_CONFIG.links;
const example = parseSiteConfig(
  readFileSync(new URL('../../site.config.example.json', import.meta.url), 'utf8'),
  'example',
).links;

const regime = (overrides: Partial<LegalRegime> = {}): LegalRegime => ({
  cpra: false,
  impressum: false,
  terminateContract: false,
  ofcom: false,
  simplified: false,
  ...overrides,
});

const hrefs = (links: { href: string }[]) => links.map((l) => l.href);
const allHrefs = (columns: ReturnType<typeof footerColumns>) =>
  columns.flatMap((c) => [...hrefs(c.links), ...hrefs(c.group?.links ?? [])]);

describe('footerColumns', () => {
  describe('given a full site in English whose configuration sets no link', () => {
    const columns = footerColumns({ locale: 'en', simplified: false, links: none });

    it('links only the pages Vitrine serves', () => {
      expect(allHrefs(columns)).toEqual([
        '/upgrade',
        '/upload',
        '/help',
        '/help/guidelines',
        '/site_map',
        '/about',
      ]);
    });

    it('leaves out the Apps column and the Features group, which would be empty', () => {
      expect(columns.map((c) => c.id)).toEqual(['product', 'resources', 'company']);
      expect(columns.find((c) => c.id === 'product')?.group).toBeUndefined();
    });
  });

  describe('given a full site whose configuration sets every link', () => {
    const columns = footerColumns({ locale: 'en', simplified: false, links: example });

    it('has the columns Product, Resources, Apps and Company in that order', () => {
      expect(columns.map((c) => c.id)).toEqual(['product', 'resources', 'apps', 'company']);
    });

    it('links every footer entry of SPEC §2 that the product serves, at its own path', () => {
      expect(allHrefs(columns)).toEqual(
        expect.arrayContaining([
          '/upgrade',
          '/upload',
          '/help',
          '/help/guidelines',
          '/site_map',
          '/about',
        ]),
      );
    });

    it('links all thirteen feature pages under Product, in SPEC order, at the configured addresses', () => {
      const product = columns.find((c) => c.id === 'product');
      expect(hrefs(product?.group?.links ?? [])).toEqual(
        FEATURE_SLUGS.map((slug) => example.features[slug]),
      );
      expect(FEATURE_SLUGS).toHaveLength(13);
    });

    it('marks configured links as not ours and keeps their address as written', () => {
      const configured = columns
        .flatMap((c) => [...c.links, ...(c.group?.links ?? [])])
        .filter((l) => l.external);
      expect(configured.map((l) => l.labelKey)).toEqual(
        expect.arrayContaining([
          'footer.investors',
          'footer.press',
          'footer.developers',
          'footer.appStore',
          'footer.googlePlay',
          'footer.blog',
          'footer.careers',
        ]),
      );
      expect(configured.find((l) => l.labelKey === 'footer.blog')?.href).toBe('/blog');
    });

    it('uses only label keys that exist in the English footer catalogue', () => {
      for (const column of columns) {
        for (const key of [
          column.labelKey,
          column.group?.labelKey,
          ...column.links.map((l) => l.labelKey),
          ...(column.group?.links ?? []).map((l) => l.labelKey),
        ]) {
          if (key) expect(Object.keys(footerCatalogue)).toContain(key.replace(/^footer\./, ''));
        }
      }
    });
  });

  it('renders one configured link alone in its column', () => {
    const columns = footerColumns({
      locale: 'en',
      simplified: false,
      links: { ...none, googlePlay: 'https://play.example/app' },
    });
    expect(columns.find((c) => c.id === 'apps')?.links).toEqual([
      { labelKey: 'footer.googlePlay', href: 'https://play.example/app', external: true },
    ]);
  });

  it('prefixes the pages Vitrine serves with the locale and leaves configured addresses alone', () => {
    const links = footerColumns({ locale: 'ja-JP', simplified: false, links: example }).flatMap(
      (c) => c.links,
    );
    expect(hrefs(links)).toContain('/ja-JP/upgrade');
    expect(hrefs(links)).toContain('/ja-JP/site_map');
    expect(hrefs(links)).toContain('https://investors.example.com/');
    expect(hrefs(links)).toContain('/blog');
  });

  describe('given a simplified site', () => {
    const hrefList = allHrefs(footerColumns({ locale: 'en', simplified: true, links: none }));
    it('hides Upgrade', () => expect(hrefList).not.toContain('/upgrade'));
    it('hides Help', () => expect(hrefList).not.toContain('/help'));
    it('keeps the other pages', () =>
      expect(hrefList).toEqual(['/upload', '/help/guidelines', '/site_map', '/about']));
  });
});

describe('legalLinks', () => {
  it('gives the base legal menu where no special law applies', () => {
    expect(hrefs(legalLinks('en', regime()))).toEqual([
      '/terms',
      '/privacy',
      '/privacy/us-state-privacy',
      '/cookie_policy',
      '/dmca',
    ]);
  });

  it('adds the Impressum where one applies', () => {
    expect(hrefs(legalLinks('de-DE', regime({ impressum: true })))).toContain(
      '/de-DE/leo/guidelines/impressum',
    );
  });

  it('adds the contract-termination link only for qualifying accounts', () => {
    expect(hrefs(legalLinks('en', regime({ terminateContract: true })))).toContain(
      '/settings/billing/membership_plan/optout',
    );
    expect(hrefs(legalLinks('en', regime({ impressum: true })))).not.toContain(
      '/settings/billing/membership_plan/optout',
    );
  });

  it('adds Do Not Sell My Personal Information only under CPRA', () => {
    expect(legalLinks('en', regime({ cpra: true })).map((l) => l.labelKey)).toContain(
      'footer.doNotSell',
    );
    expect(legalLinks('en', regime()).map((l) => l.labelKey)).not.toContain('footer.doNotSell');
  });

  it('uses only label keys that exist in the English footer catalogue', () => {
    const all = legalLinks('en', regime({ cpra: true, impressum: true, terminateContract: true }));
    expect(all).toHaveLength(8);
    for (const link of all)
      expect(Object.keys(footerCatalogue)).toContain(link.labelKey.replace(/^footer\./, ''));
  });

  it('shows only Terms and Privacy on a simplified site, whatever the regime', () => {
    const links = legalLinks(
      'en',
      regime({ simplified: true, cpra: true, impressum: true, terminateContract: true }),
    );
    expect(hrefs(links)).toEqual(['/terms', '/privacy']);
  });
});
