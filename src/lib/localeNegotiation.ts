/**
 * Locale selection and locale-prefixed paths for the eight supported locales (SPEC §1:
 * en, es, de-DE, fr-FR, ja-JP, ko-KR, pt-BR, zh-CN).
 *
 * Pages for 'en' live at the bare path; every other locale is a path prefix
 * ('/ja-JP/showcase/1'). 'en' is never a prefix, so '/en/...' is simply an unknown path
 * rather than a second URL for the same page.
 */
import { DEFAULT_LOCALE, LOCALES } from './domain.ts';
import type { Locale } from './domain.ts';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Case-insensitive lookup of a supported locale ('JA-jp' → 'ja-JP'). */
export function toLocale(tag: string, supported: readonly Locale[] = LOCALES): Locale | null {
  const lower = tag.trim().toLowerCase();
  return supported.find((l) => l.toLowerCase() === lower) ?? null;
}

export interface WeightedTag {
  /** As sent, e.g. 'de-AT' or '*'. */
  tag: string;
  q: number;
}

const TAG = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Accept-Language → tags by descending q, ties kept in header order (RFC 9110 §12.5.4).
 * Malformed entries (bad tag or q) are dropped rather than guessed at.
 */
export function parseAcceptLanguage(header: string | null | undefined): WeightedTag[] {
  if (typeof header !== 'string' || header.trim() === '') return [];
  const tags: WeightedTag[] = [];
  for (const part of header.split(',')) {
    const [rawTag = '', ...params] = part.split(';').map((s) => s.trim());
    if (!TAG.test(rawTag)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [name = '', value = ''] = param.split('=').map((s) => s.trim());
      if (name.toLowerCase() !== 'q') continue;
      if (!QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (valid) tags.push({ tag: rawTag, q });
  }
  // Array.prototype.sort is stable, so equal weights keep the order the browser sent.
  return tags.sort((a, b) => b.q - a.q);
}

function subtags(tag: string): string[] {
  return tag.toLowerCase().split('-');
}

/**
 * Is this Chinese tag Traditional? zh-CN is Simplified, so Traditional readers (script Hant,
 * or Taiwan/Hong Kong/Macau without an explicit Hans script) are better served by the
 * default than by a script they may not read comfortably.
 */
function isTraditionalChinese(parts: readonly string[]): boolean {
  if (parts.includes('hant')) return true;
  if (parts.includes('hans')) return false;
  return parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo');
}

/** Same language, different region or script: 'pt-PT' → 'pt-BR', 'zh-SG' → 'zh-CN'. */
function languageMatch(tag: string, supported: readonly Locale[]): Locale | null {
  const parts = subtags(tag);
  const language = parts[0];
  if (language === undefined || language === '*') return null;
  if (language === 'zh' && isTraditionalChinese(parts)) return null;
  return supported.find((l) => subtags(l)[0] === language) ?? null;
}

/** RFC 4647 basic filtering: range 'de' covers 'de-DE'; '*' covers everything. */
function rangeCovers(range: string, locale: Locale): boolean {
  const r = range.toLowerCase();
  const l = locale.toLowerCase();
  return r === '*' || r === l || l.startsWith(`${r}-`);
}

/**
 * The supported locale that best fits the header, or null (caller uses DEFAULT_LOCALE).
 * Tags are tried in preference order; for each, an exact match wins over a same-language
 * one, so 'de-AT, en;q=0.5' gives de-DE. Ranges with q=0 are refusals and exclude the
 * locales they cover (RFC 9110 §12.4.2).
 */
export function negotiateLocale(
  header: string | null | undefined,
  supported: readonly Locale[] = LOCALES,
): Locale | null {
  const tags = parseAcceptLanguage(header);
  const refused = tags.filter((t) => t.q === 0).map((t) => t.tag);
  const allowed = supported.filter((l) => !refused.some((r) => rangeCovers(r, l)));
  for (const { tag, q } of tags) {
    if (q === 0) continue;
    if (tag === '*') {
      const any = allowed[0];
      if (any !== undefined) return any;
      continue;
    }
    const match = toLocale(tag, allowed) ?? languageMatch(tag, allowed);
    if (match !== null) return match;
  }
  return null;
}

/** The cookie that keeps a viewer's choice of language (POST /settings/set_locale). */
export const LOCALE_COOKIE = 'locale';

/**
 * The viewer's language where the path names none: their stored choice (the locale cookie,
 * else their account's), else Accept-Language, else English.
 */
export function preferredLocale(
  stored: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return isLocale(stored) ? stored : (negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE);
}

const PREFIXES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

export interface LocalePath {
  locale: Locale;
  /** Always starts with '/'; any query or hash is kept. */
  path: string;
}

/** '/ja-JP/showcase/1' → { locale: 'ja-JP', path: '/showcase/1' }; unprefixed → 'en'. */
export function splitLocalePath(pathname: string): LocalePath {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const end = path.slice(1).search(/[/?#]/);
  const first = end === -1 ? path.slice(1) : path.slice(1, end + 1);
  const locale = first === '' ? null : toLocale(first, PREFIXES);
  if (locale === null) return { locale: DEFAULT_LOCALE, path };
  let rest = path.slice(first.length + 1);
  if (!rest.startsWith('/')) rest = `/${rest}`;
  return { locale, path: rest };
}

/** Inverse of splitLocalePath: ('ja-JP', '/showcase/1') → '/ja-JP/showcase/1'; en unprefixed. */
export function localizePath(locale: Locale, path: string): string {
  // Re-localising an already prefixed path swaps the prefix rather than stacking two.
  const bare = splitLocalePath(path).path;
  if (locale === DEFAULT_LOCALE) return bare;
  if (bare === '/') return `/${locale}`;
  if (bare.startsWith('/?') || bare.startsWith('/#')) return `/${locale}${bare.slice(1)}`;
  return `/${locale}${bare}`;
}
