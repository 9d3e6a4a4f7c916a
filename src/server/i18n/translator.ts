/**
 * i18next on the server only: one instance per process, a fixed `t` per request. The
 * resources are bundled from i18n/<locale>/<area>.json; code refers to `area.key`.
 */
import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lib/domain.ts';

type Catalogue = Record<string, Record<string, string>>;

const files = import.meta.glob<Record<string, string>>('/i18n/*/*.json', { eager: true, import: 'default' });

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

const fixed = new Map<Locale, TFunction>();

/**
 * The `t` of a locale. Strings without interpolation are looked up once per process: a page
 * asks for a hundred footer labels, and i18next's resolution is the costliest part of that.
 */
export function translator(locale: Locale): TFunction {
  const known = fixed.get(locale);
  if (known) return known;
  const t = i18n.getFixedT(locale) as unknown as (key: string, ...rest: unknown[]) => string;
  const plain = new Map<string, string>();
  const memoized = ((key: string, ...rest: unknown[]) => {
    if (rest.length > 0) return t(key, ...rest);
    let value = plain.get(key);
    if (value === undefined) {
      value = t(key);
      plain.set(key, value);
    }
    return value;
  }) as unknown as TFunction;
  fixed.set(locale, memoized);
  return memoized;
}
