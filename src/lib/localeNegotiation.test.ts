import { describe, expect, it } from 'vitest';
import { LOCALES } from './domain.ts';
import {
  isLocale,
  localizePath,
  negotiateLocale,
  parseAcceptLanguage,
  preferredLocale,
  splitLocalePath,
  toLocale,
} from './localeNegotiation.ts';

describe('preferredLocale', () => {
  it('takes the stored choice over Accept-Language', () => {
    expect(preferredLocale('ko-KR', 'ja-JP, en;q=0.5')).toBe('ko-KR');
  });
  it('ignores a stored value that is no locale, and negotiates', () => {
    expect(preferredLocale('klingon', 'de-AT')).toBe('de-DE');
  });
  it('falls back to English when nothing fits', () => {
    expect(preferredLocale(undefined, 'nl-NL')).toBe('en');
    expect(preferredLocale(null, null)).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by q, keeping header order for ties', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-AT, en;q=0.8, es')).toEqual([
      { tag: 'de-AT', q: 1 },
      { tag: 'es', q: 1 },
      { tag: 'en', q: 0.8 },
      { tag: 'fr', q: 0.5 },
    ]);
  });
  it('keeps q=0 entries and the wildcard', () => {
    expect(parseAcceptLanguage('*;q=0.1, en;q=0')).toEqual([
      { tag: '*', q: 0.1 },
      { tag: 'en', q: 0 },
    ]);
  });
  it('drops malformed tags and q values', () => {
    expect(parseAcceptLanguage('en;q=2, de;q=abc, <script>, fr-FR;q=0.9, ja;Q=0.3')).toEqual([
      { tag: 'fr-FR', q: 0.9 },
      { tag: 'ja', q: 0.3 },
    ]);
  });
  it('is empty for an absent or blank header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage('  ')).toEqual([]);
  });
});

describe('negotiateLocale', () => {
  describe('given an exact tag', () => {
    it.each(LOCALES)('picks %s', (locale) => {
      expect(negotiateLocale(locale)).toBe(locale);
    });
    it('ignores case', () => {
      expect(negotiateLocale('KO-kr')).toBe('ko-KR');
    });
  });

  describe('given only a language or another region', () => {
    it.each([
      ['ja', 'ja-JP'],
      ['ko', 'ko-KR'],
      ['fr-CA', 'fr-FR'],
      ['pt', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['de-AT', 'de-DE'],
      ['de-CH', 'de-DE'],
      ['es-MX', 'es'],
      ['es-419', 'es'],
      ['en-GB', 'en'],
      ['en-US', 'en'],
    ])('maps %s to %s', (tag, locale) => {
      expect(negotiateLocale(tag)).toBe(locale);
    });
  });

  describe('given Chinese', () => {
    it.each(['zh', 'zh-Hans', 'zh-SG', 'zh-Hans-CN', 'zh-Hans-TW', 'zh-cn'])(
      'maps %s to zh-CN',
      (tag) => {
        expect(negotiateLocale(tag)).toBe('zh-CN');
      },
    );
    it.each(['zh-TW', 'zh-Hant', 'zh-HK', 'zh-MO', 'zh-Hant-CN'])(
      'does not serve Simplified for %s',
      (tag) => {
        expect(negotiateLocale(tag)).toBeNull();
      },
    );
    it('falls through a Traditional tag to the next preference', () => {
      expect(negotiateLocale('zh-TW, en;q=0.5')).toBe('en');
    });
  });

  describe('given several preferences', () => {
    it('prefers a same-language match of a higher tag over an exact match of a lower one', () => {
      expect(negotiateLocale('de-AT, en;q=0.5')).toBe('de-DE');
    });
    it('follows q rather than header order', () => {
      expect(negotiateLocale('es;q=0.2, ja;q=0.9')).toBe('ja-JP');
    });
    it('skips unsupported languages', () => {
      expect(negotiateLocale('nl-NL, sv;q=0.9, fr;q=0.8')).toBe('fr-FR');
    });
  });

  describe('given refusals with q=0', () => {
    it('never picks a refused locale', () => {
      expect(negotiateLocale('de;q=0')).toBeNull();
    });
    it('lets a language refusal exclude its regional locale', () => {
      expect(negotiateLocale('de-AT, de;q=0, fr;q=0.5')).toBe('fr-FR');
    });
    it('lets the wildcard pick the first locale not refused', () => {
      expect(negotiateLocale('en;q=0, *;q=0.1')).toBe('es');
    });
  });

  it('is null when nothing fits', () => {
    expect(negotiateLocale('nl, sv')).toBeNull();
    expect(negotiateLocale('')).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });

  it('honours a narrower supported list', () => {
    expect(negotiateLocale('ja, en;q=0.1', ['en', 'es'])).toBe('en');
  });
});

describe('splitLocalePath', () => {
  it('splits a locale prefix off the path', () => {
    expect(splitLocalePath('/ja-JP/showcase/1')).toEqual({ locale: 'ja-JP', path: '/showcase/1' });
  });
  it('gives / for the bare prefix, with or without a slash', () => {
    expect(splitLocalePath('/ja-JP')).toEqual({ locale: 'ja-JP', path: '/' });
    expect(splitLocalePath('/ja-JP/')).toEqual({ locale: 'ja-JP', path: '/' });
  });
  it('matches the prefix case-insensitively and returns the canonical locale', () => {
    expect(splitLocalePath('/PT-br/showcase/2')).toEqual({ locale: 'pt-BR', path: '/showcase/2' });
  });
  it('treats unprefixed paths as en', () => {
    expect(splitLocalePath('/showcase/1')).toEqual({ locale: 'en', path: '/showcase/1' });
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('')).toEqual({ locale: 'en', path: '/' });
  });
  it('never treats en as a prefix', () => {
    expect(splitLocalePath('/en/showcase/1')).toEqual({ locale: 'en', path: '/en/showcase/1' });
  });
  it('does not match a segment that merely starts with a locale', () => {
    expect(splitLocalePath('/es-tour/x')).toEqual({ locale: 'en', path: '/es-tour/x' });
    expect(splitLocalePath('/ja-JPX')).toEqual({ locale: 'en', path: '/ja-JPX' });
  });
  it('keeps a query after a bare prefix', () => {
    expect(splitLocalePath('/es?page=2')).toEqual({ locale: 'es', path: '/?page=2' });
  });
});

describe('localizePath', () => {
  it('leaves en paths unprefixed', () => {
    expect(localizePath('en', '/showcase/1')).toBe('/showcase/1');
  });
  it('prefixes other locales', () => {
    expect(localizePath('ja-JP', '/showcase/1')).toBe('/ja-JP/showcase/1');
    expect(localizePath('es', '/')).toBe('/es');
  });
  it('swaps an existing prefix instead of stacking', () => {
    expect(localizePath('de-DE', '/ja-JP/showcase/1')).toBe('/de-DE/showcase/1');
    expect(localizePath('en', '/ja-JP/showcase/1')).toBe('/showcase/1');
  });
  it('round-trips with splitLocalePath', () => {
    for (const locale of LOCALES) {
      for (const path of ['/', '/showcase/9/video/3', '/?page=2']) {
        expect(splitLocalePath(localizePath(locale, path))).toEqual({ locale, path });
      }
    }
  });
});

describe('isLocale and toLocale', () => {
  it('accepts only exact supported tags', () => {
    expect(isLocale('fr-FR')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale('FR-fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
  it('finds a locale ignoring case', () => {
    expect(toLocale('FR-fr')).toBe('fr-FR');
    expect(toLocale('fr')).toBeNull();
  });
});
