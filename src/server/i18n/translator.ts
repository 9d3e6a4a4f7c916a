/**
 * i18next on the server only: one instance per process, a fixed `t` per request. The
 * resources are bundled from i18n/<locale>/<area>.json; code refers to `area.key`.
 */
import { createInstance } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lib/domain.ts';
import { createPageCacheStore } from '../../lib/pageCacheStore.ts';
import { compilePlain, onlyValues, type PlainFill } from '../../lib/plainInterpolation.ts';
import type { Translate } from '../../lib/translationKeys.ts';

type Catalogue = Record<string, Record<string, string>>;

const files = import.meta.glob<Record<string, string>>('/i18n/*/*.json', {
  eager: true,
  import: 'default',
});

function resources(): Record<string, { translation: Catalogue }> {
  const out: Record<string, { translation: Catalogue }> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [, , locale, name] = file.split('/');
    if (!locale || !name) continue;
    const area = name.replace(/\.json$/, '');
    out[locale] ??= { translation: {} };
    out[locale].translation[area] = messages;
  }
  return out;
}

const i18n = createInstance();
void i18n.init({
  resources: resources(),
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  load: 'currentOnly',
  initAsync: false,
  // Astro escapes every interpolated value when it renders, so escaping here would double it.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed = new Map<Locale, Translate>();

/** The message i18next would pick for `key` without plurals or context: the locale's, else the fallback's. */
function messageOf(locale: Locale, key: string): unknown {
  return (
    i18n.getResource(locale, 'translation', key) ??
    i18n.getResource(DEFAULT_LOCALE, 'translation', key)
  );
}

/** Options made only of strings, numbers and booleans: i18next's answer to them never changes. */
function primitiveOptions(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  for (const value of Object.values(options))
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return false;
  return true;
}

/** Answers to calls i18next resolved (plurals, number formats), per locale; bounded, as titles and counts vary without end. */
const RESOLVED_ANSWERS = 4096;

/**
 * The `t` of a locale. Strings without interpolation are looked up once per process, and
 * those that only fill in values are compiled once (plainInterpolation.ts): a page asks for a
 * hundred labels, and i18next's resolution is the costliest part of that. The calls left to
 * i18next (plurals, formats) cost it tens of microseconds each, so their answers are kept by their values:
 * the pager's "Page 2" is the same string on every page.
 */
export function translator(locale: Locale): Translate {
  const known = fixed.get(locale);
  if (known) return known;
  const t = i18n.getFixedT(locale) as unknown as (key: string, ...rest: unknown[]) => string;
  const plain = new Map<string, string>();
  const fills = new Map<string, PlainFill | null>();
  const fillFor = (key: string): PlainFill | null => {
    let fill = fills.get(key);
    if (fill === undefined) {
      // A key naming a namespace ('ns:key') is i18next's to resolve.
      const message = key.includes(':') ? null : messageOf(locale, key);
      fill = typeof message === 'string' ? compilePlain(message) : null;
      fills.set(key, fill);
    }
    return fill;
  };
  const resolved = createPageCacheStore<{ text: string; bytes: number }>({
    maxEntries: RESOLVED_ANSWERS,
    maxBytes: Infinity,
    ttlMs: Infinity,
  });
  const resolve = (key: string, options: unknown): string => {
    if (!primitiveOptions(options)) return t(key, options);
    const asked = `${key}\n${JSON.stringify(options)}`;
    const known = resolved.get(asked, 0);
    if (known) return known.text;
    const text = t(key, options);
    if (typeof text === 'string') resolved.put(asked, { text, bytes: 0 }, resolved.generation, 0);
    return text;
  };
  const memoized: Translate = (key: string, ...rest: unknown[]) => {
    if (rest.length === 0) {
      let value = plain.get(key);
      if (value === undefined) {
        value = t(key);
        plain.set(key, value);
      }
      return value;
    }
    if (rest.length === 1 && onlyValues(rest[0])) {
      const filled = fillFor(key)?.(rest[0]);
      if (filled !== undefined && filled !== null) return filled;
    }
    return rest.length === 1 ? resolve(key, rest[0]) : t(key, ...rest);
  };
  fixed.set(locale, memoized);
  return memoized;
}
