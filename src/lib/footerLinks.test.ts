import { describe, expect, it } from 'vitest';
import { FEATURE_SLUGS, footerColumns, legalLinks } from './footerLinks.ts';
import type { LegalRegime } from './legalRegime.ts';
import footerCatalogue from '../../i18n/en/footer.json';

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
  describe('given a full site in English', () => {
    const columns = footerColumns({ locale: 'en', simplified: false });

    it('has the columns Product, Resources, Apps and Company in that order', () => {
      expect(columns.map((c) => c.id)).toEqual(['product', 'resources', 'apps', 'company']);
    });

    it('links every internal footer page of SPEC §2', () => {
      const expected = [
        '/upgrade', '/upload', '/help', '/channels/staffpicks', '/ondemand', '/ott', '/site_map',
        '/about', '/careers', '/partners', '/experts', '/help/guidelines', '/blog', '/customers',
        '/create', '/for-hire', '/video-editor',
      ];
      expect(allHrefs(columns)).toEqual(expect.arrayContaining(expected));
    });

    it('links all thirteen feature pages under Product', () => {
      const product = columns.find((c) => c.id === 'product');
      expect(hrefs(product?.group?.links ?? [])).toEqual(FEATURE_SLUGS.map((s) => `/features/${s}`));
      expect(FEATURE_SLUGS).toHaveLength(13);
    });

    it('marks investor, press, developer and app-store links as external', () => {
      const external = columns.flatMap((c) => c.links).filter((l) => l.external);
      expect(external.map((l) => l.labelKey)).toEqual(
        expect.arrayContaining(['footer.investors', 'footer.press', 'footer.developers', 'footer.appStore', 'footer.googlePlay']),
      );
      for (const link of external) expect(link.href).toMatch(/^https:\/\//);
    });

    it('uses only label keys that exist in the English footer catalogue', () => {
      for (const column of columns) {
        for (const key of [column.labelKey, column.group?.labelKey, ...column.links.map((l) => l.labelKey), ...(column.group?.links ?? []).map((l) => l.labelKey)]) {
          if (key) expect(Object.keys(footerCatalogue)).toContain(key.replace(/^footer\./, ''));
        }
      }
    });

    it('keeps every internal link root-relative and every label key in the footer area', () => {
      for (const column of columns) {
        expect(column.labelKey).toMatch(/^footer\./);
        for (const link of [...column.links, ...(column.group?.links ?? [])]) {
          expect(link.labelKey).toMatch(/^footer\./);
          if (!link.external) expect(link.href).toMatch(/^\/[^/]/);
        }
      }
    });
  });

  it('prefixes internal links with the locale and leaves external ones alone', () => {
    const columns = footerColumns({ locale: 'ja-JP', simplified: false });
    const links = columns.flatMap((c) => c.links);
    expect(hrefs(links)).toContain('/ja-JP/upgrade');
    expect(hrefs(links)).toContain('https://investors.vitrine.video/');
  });

  describe('given a simplified site', () => {
    const hrefList = allHrefs(footerColumns({ locale: 'en', simplified: true }));
    it('hides Upgrade', () => expect(hrefList).not.toContain('/upgrade'));
    it('hides Help', () => expect(hrefList).not.toContain('/help'));
    it('keeps the other pages', () => expect(hrefList).toContain('/about'));
  });
});

describe('legalLinks', () => {
  it('gives the base legal menu where no special law applies', () => {
    expect(hrefs(legalLinks('en', regime()))).toEqual([
      '/terms', '/privacy', '/privacy/us-state-privacy', '/cookie_policy', '/dmca',
    ]);
  });

  it('adds the Impressum where one applies', () => {
    expect(hrefs(legalLinks('de-DE', regime({ impressum: true })))).toContain('/de-DE/leo/guidelines/impressum');
  });

  it('adds the contract-termination link only for qualifying accounts', () => {
    expect(hrefs(legalLinks('en', regime({ terminateContract: true })))).toContain('/settings/billing/membership_plan/optout');
    expect(hrefs(legalLinks('en', regime({ impressum: true })))).not.toContain('/settings/billing/membership_plan/optout');
  });

  it('adds Do Not Sell My Personal Information only under CPRA', () => {
    expect(legalLinks('en', regime({ cpra: true })).map((l) => l.labelKey)).toContain('footer.doNotSell');
    expect(legalLinks('en', regime()).map((l) => l.labelKey)).not.toContain('footer.doNotSell');
  });

  it('uses only label keys that exist in the English footer catalogue', () => {
    const all = legalLinks('en', regime({ cpra: true, impressum: true, terminateContract: true }));
    expect(all).toHaveLength(8);
    for (const link of all) expect(Object.keys(footerCatalogue)).toContain(link.labelKey.replace(/^footer\./, ''));
  });

  it('shows only Terms and Privacy on a simplified site, whatever the regime', () => {
    const links = legalLinks('en', regime({ simplified: true, cpra: true, impressum: true, terminateContract: true }));
    expect(hrefs(links)).toEqual(['/terms', '/privacy']);
  });
});
