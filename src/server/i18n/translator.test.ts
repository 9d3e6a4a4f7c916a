import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../lib/domain.ts';
import { translator } from './translator.ts';

/** Every catalogue as i18next is given it, read from disk independently of the translator. */
function resources() {
  const root = path.resolve('i18n');
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        translation: Object.fromEntries(
          readdirSync(path.join(root, locale)).map((file) => [
            file.replace(/\.json$/, ''),
            JSON.parse(readFileSync(path.join(root, locale, file), 'utf8')),
          ]),
        ),
      },
    ]),
  );
}

const reference = createInstance();
await reference.init({
  resources: resources(),
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const catalogue = resources();
const keysOf = (locale: string) =>
  Object.entries(catalogue[locale]!.translation).flatMap(([area, messages]) =>
    Object.keys(messages as Record<string, unknown>).map((key) => `${area}.${key}`),
  );

describe('the translator', () => {
  it('says what i18next says for every message in every locale, given values for its placeholders', () => {
    let compared = 0;
    for (const locale of LOCALES) {
      const t = translator(locale) as unknown as (
        key: string,
        values?: Record<string, unknown>,
      ) => string;
      const expected = reference.getFixedT(locale) as unknown as (
        key: string,
        values?: Record<string, unknown>,
      ) => string;
      for (const key of keysOf(locale)) {
        const message = String(expected(key));
        const names = [...message.matchAll(/\{\{-?\s*(\w+)/g)].map((m) => m[1]!);
        // A count is i18next's plural choice; the rest are plain values, some of them numbers.
        const values = Object.fromEntries(
          names
            .filter((name) => name !== 'count')
            .map((name, i) => [name, i % 2 === 0 ? `‹${name}›` : 1234.5]),
        );
        expect(t(key, values), `${locale} ${key}`).toBe(expected(key, values));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('leaves plurals, formats and missing values to i18next', () => {
    const t = translator('en') as unknown as (
      key: string,
      values?: Record<string, unknown>,
    ) => string;
    const expected = reference.getFixedT('en') as unknown as (
      key: string,
      values?: Record<string, unknown>,
    ) => string;
    const counted = keysOf('en').find((key) =>
      String(expected(key)).includes('{{count, number}}'),
    )!;
    // Twice: the second round is answered from what the first resolved.
    for (const count of [1, 2, 1234, 1, 2, 1234])
      expect(t(counted, { count })).toBe(expected(counted, { count }));
    const formatted = keysOf('en').find((key) =>
      /\{\{(?!count)\w+, number\}\}/.test(String(expected(key))),
    )!;
    const name = /\{\{(\w+), number\}\}/.exec(String(expected(formatted)))![1]!;
    for (const value of [3, 4000, 3])
      expect(t(formatted, { [name]: value })).toBe(expected(formatted, { [name]: value }));
    const named = keysOf('en').find((key) => /\{\{\w+\}\}/.test(String(expected(key))))!;
    expect(t(named, {})).toBe(expected(named, {}));
  });
});
