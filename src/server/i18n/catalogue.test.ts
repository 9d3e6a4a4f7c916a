/**
 * Guards the translation catalogue in i18n/<locale>/<area>.json (flat objects of camelCase keys):
 * every locale has exactly en's files and messages, no value is empty, every translation keeps
 * en's {{placeholders}}, and a message with a count has the plural forms its language tells apart
 * (i18next's `key_one`, `key_other`, … by CLDR category). Every locale writes the same forms,
 * one, many and other, so that all hold the same keys; a language that has no "many" or "one"
 * never asks for it. That every key the code passes to
 * t() exists in en is the type check's (src/lib/translationKeys.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/domain.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const I18N_DIR = join(ROOT, 'i18n');
const SOURCE = 'en';

type Area = Record<string, unknown>;
type Catalogue = Record<string, Area>;

function readCatalogue(locale: string): Catalogue {
  const dir = join(I18N_DIR, locale);
  if (!existsSync(dir)) return {};
  const out: Catalogue = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const area = file.replace(/\.json$/, '');
    out[area] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Area;
  }
  return out;
}

const catalogues: Record<string, Catalogue> = Object.fromEntries(
  LOCALES.map((locale) => [locale, readCatalogue(locale)]),
);
const en = catalogues[SOURCE] ?? {};

/** Every `area.key` of a catalogue. */
function qualifiedKeys(catalogue: Catalogue): string[] {
  return Object.entries(catalogue).flatMap(([area, messages]) =>
    Object.keys(messages).map((key) => `${area}.${key}`),
  );
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** The message a key belongs to: a plural form's base, any other key itself. */
const messageOf = (key: string) => key.replace(PLURAL_FORM, '');

/** The plural forms each message with a count has, by message. */
function pluralForms(catalogue: Catalogue): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of qualifiedKeys(catalogue)) {
    const form = PLURAL_FORM.exec(key)?.[1];
    if (form) forms.set(messageOf(key), [...(forms.get(messageOf(key)) ?? []), form].sort());
  }
  return forms;
}

/** The CLDR categories a language tells numbers apart by (English: one, other). */
const categoriesOf = (locale: string) =>
  [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();

function entries(catalogue: Catalogue): Array<[string, unknown]> {
  return Object.entries(catalogue).flatMap(([area, messages]) =>
    Object.entries(messages).map(([key, value]): [string, unknown] => [`${area}.${key}`, value]),
  );
}

const PLACEHOLDER = /\{\{\s*([^{}\s,]+)[^{}]*\}\}/g;

function placeholders(value: string): string[] {
  return [...new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}

describe('translation catalogue', () => {
  it('has an i18n folder for every supported locale and no other', () => {
    const folders = readdirSync(I18N_DIR)
      .filter((name) => statSync(join(I18N_DIR, name)).isDirectory())
      .sort();
    expect(folders).toEqual([...LOCALES].sort());
  });

  it('has English messages', () => {
    expect(qualifiedKeys(en).length).toBeGreaterThan(0);
  });

  it('keeps every area file a flat object of camelCase keys to strings', () => {
    const problems: string[] = [];
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      for (const [area, messages] of Object.entries(catalogue)) {
        if (!/^[a-z][a-zA-Z0-9]*$/.test(area))
          problems.push(`${locale}: area file name "${area}" is not camelCase`);
        if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
          problems.push(`${locale}/${area}.json is not a JSON object`);
          continue;
        }
        for (const [key, value] of Object.entries(messages)) {
          if (!/^[a-z][a-zA-Z0-9]*$/.test(messageOf(key)))
            problems.push(`${locale}: ${area}.${key} is not a camelCase key`);
          if (typeof value !== 'string') problems.push(`${locale}: ${area}.${key} is not a string`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  describe.each(LOCALES.filter((locale) => locale !== SOURCE))('%s', (locale) => {
    const catalogue = catalogues[locale] ?? {};

    it("has exactly en's area files", () => {
      const missing = Object.keys(en)
        .filter((area) => !(area in catalogue))
        .map((area) => `missing ${locale}/${area}.json`);
      const extra = Object.keys(catalogue)
        .filter((area) => !(area in en))
        .map((area) => `extra ${locale}/${area}.json`);
      expect([...missing, ...extra]).toEqual([]);
    });

    it("has exactly en's keys", () => {
      const own = new Set(qualifiedKeys(catalogue));
      const reference = new Set(qualifiedKeys(en));
      const missing = [...reference].filter((key) => !own.has(key)).map((key) => `missing ${key}`);
      const extra = [...own]
        .filter((key) => !reference.has(key))
        .map((key) => `extra ${key} (not in en)`);
      expect([...missing, ...extra]).toEqual([]);
    });

    it("keeps en's {{placeholders}} in every message", () => {
      const mismatches: string[] = [];
      for (const [key, value] of entries(catalogue)) {
        const [area, name] = key.split('.') as [string, string];
        const source = en[area]?.[name] ?? en[area]?.[`${messageOf(name)}_other`];
        if (typeof source !== 'string' || typeof value !== 'string') continue;
        const expected = placeholders(source);
        const actual = placeholders(value);
        if (expected.join(',') !== actual.join(',')) {
          mismatches.push(
            `${key}: en has {{${expected.join('}}, {{')}}} but ${locale} has {{${actual.join('}}, {{')}}}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  it.each(LOCALES)('gives every message with a count the plural forms of %s', (locale) => {
    const needed = categoriesOf(locale);
    const own = pluralForms(catalogues[locale] ?? {});
    const problems = [...pluralForms(en).keys()].flatMap((message) => {
      const forms = own.get(message) ?? [];
      const missing = needed.filter((category) => !forms.includes(category));
      return missing.length === 0 ? [] : [`${message} lacks ${missing.join(', ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('writes a count followed by a word as a plural message', () => {
    const singularCounts = entries(en)
      .filter(([key]) => !PLURAL_FORM.test(key))
      .filter(([, value]) => typeof value === 'string' && /\{\{count[^}]*\}\}\s*\p{L}/u.test(value))
      .map(([key]) => key);
    expect(singularCounts).toEqual([]);
  });

  it('has no empty message in any locale', () => {
    const empty = Object.entries(catalogues).flatMap(([locale, catalogue]) =>
      entries(catalogue)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => `${locale}: ${key}`),
    );
    expect(empty).toEqual([]);
  });

  it('writes interpolation only as {{name}}, never as single braces', () => {
    const bad = Object.entries(catalogues).flatMap(([locale, catalogue]) =>
      entries(catalogue)
        .filter(
          ([, value]) => typeof value === 'string' && /[{}]/.test(value.replace(PLACEHOLDER, '')),
        )
        .map(([key, value]) => `${locale}: ${key} = ${JSON.stringify(value)}`),
    );
    expect(bad).toEqual([]);
  });

  it('interpolates through i18next the way the server uses it', () => {
    const i18n = createInstance();
    void i18n.init({
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([locale, catalogue]) => [
          locale,
          { translation: catalogue },
        ]),
      ),
      supportedLngs: [...LOCALES],
      fallbackLng: SOURCE,
      load: 'currentOnly',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    const t = i18n.getFixedT(SOURCE);
    expect(t('showcase.range', { from: 1, to: 12, total: 40 })).toBe('1 - 12 of 40');
    expect(t('access.signInTo', { title: 'Acme' })).toBe('Sign in to Acme');
    for (const locale of LOCALES) {
      const text = i18n.getFixedT(locale)('showcase.range', { from: 1, to: 12, total: 40 });
      expect(text).toMatch(/1.*12.*40|40.*1.*12/s);
      expect(text).not.toMatch(/\{\{|\}\}/);
    }
  });
});
