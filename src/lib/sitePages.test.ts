import { describe, expect, it } from 'vitest';
import {
  entryLocale,
  localizeContentLinks,
  SITE_PAGES,
  sitePageCandidates,
  siteMapPages,
} from './sitePages.ts';
import sitePagesCatalogue from '../../i18n/en/sitePages.json';

describe('sitePageCandidates', () => {
  it('looks for the English text only, in English', () => {
    expect(sitePageCandidates('terms', 'en')).toEqual(['en/terms']);
  });

  it("looks for the viewer's language first, then falls back to English", () => {
    expect(sitePageCandidates('impressum', 'de-DE')).toEqual(['de-DE/impressum', 'en/impressum']);
  });
});

describe('entryLocale', () => {
  it('reads the language from the folder of the entry', () => {
    expect(entryLocale('pt-BR/cookie-policy')).toBe('pt-BR');
  });
});

describe('SITE_PAGES', () => {
  it('serves every legal and help page the footer links to, at the paths of SPEC §2', () => {
    expect(
      Object.values(SITE_PAGES)
        .map((p) => p.path)
        .sort(),
    ).toEqual(
      [
        '/about',
        '/cookie_policy',
        '/dmca',
        '/help',
        '/help/guidelines',
        '/leo/guidelines/impressum',
        '/privacy',
        '/privacy/us-state-privacy',
        '/terms',
      ].sort(),
    );
  });

  it('names each page with a key of the English catalogue', () => {
    for (const page of Object.values(SITE_PAGES))
      expect(Object.keys(sitePagesCatalogue)).toContain(page.titleKey.replace(/^sitePages\./, ''));
  });
});

describe('siteMapPages', () => {
  it('lists the Impressum only where one applies', () => {
    expect(siteMapPages({ impressum: false, simplified: false })).not.toContain('impressum');
    expect(siteMapPages({ impressum: true, simplified: false })).toContain('impressum');
  });

  it('leaves Help out of a simplified site and keeps the legal pages', () => {
    const pages = siteMapPages({ impressum: false, simplified: true });
    expect(pages).not.toContain('help');
    expect(pages).toEqual(expect.arrayContaining(['terms', 'privacy', 'guidelines', 'about']));
  });
});

describe('localizeContentLinks', () => {
  const html =
    '<p>See <a href="/dmca">the procedure</a>, ' +
    '<a href="/privacy/us-state-privacy#do-not-sell">opt out</a>, ' +
    '<a href="https://example.com/x">elsewhere</a> or <a href="//cdn.example/y">there</a>.</p>';

  it("leads the site's own links to the viewer's language", () => {
    const out = localizeContentLinks(html, 'fr-FR');
    expect(out).toContain('href="/fr-FR/dmca"');
    expect(out).toContain('href="/fr-FR/privacy/us-state-privacy#do-not-sell"');
  });

  it('leaves other sites alone, and English paths as they are', () => {
    expect(localizeContentLinks(html, 'fr-FR')).toContain('href="https://example.com/x"');
    expect(localizeContentLinks(html, 'fr-FR')).toContain('href="//cdn.example/y"');
    expect(localizeContentLinks(html, 'en')).toBe(html);
  });
});
