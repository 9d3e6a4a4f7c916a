/**
 * The translation keys: every `area.key` of the English catalogue (i18n/en/<area>.json), so an
 * unknown or misspelt key fails the type check where it is written. A message with plural
 * forms (i18next's `key_one`, `key_other`, … per CLDR category) is one key, its base, and is
 * asked for with a `count`.
 */
import type access from '../../i18n/en/access.json';
import type account from '../../i18n/en/account.json';
import type analytics from '../../i18n/en/analytics.json';
import type apiTokens from '../../i18n/en/apiTokens.json';
import type chat from '../../i18n/en/chat.json';
import type common from '../../i18n/en/common.json';
import type dashboard from '../../i18n/en/dashboard.json';
import type download from '../../i18n/en/download.json';
import type embed from '../../i18n/en/embed.json';
import type errors from '../../i18n/en/errors.json';
import type events from '../../i18n/en/events.json';
import type feeds from '../../i18n/en/feeds.json';
import type folders from '../../i18n/en/folders.json';
import type footer from '../../i18n/en/footer.json';
import type golive from '../../i18n/en/golive.json';
import type home from '../../i18n/en/home.json';
import type library from '../../i18n/en/library.json';
import type live from '../../i18n/en/live.json';
import type mail from '../../i18n/en/mail.json';
import type openWeb from '../../i18n/en/openWeb.json';
import type ownerPage from '../../i18n/en/ownerPage.json';
import type quota from '../../i18n/en/quota.json';
import type review from '../../i18n/en/review.json';
import type settings from '../../i18n/en/settings.json';
import type share from '../../i18n/en/share.json';
import type showcase from '../../i18n/en/showcase.json';
import type sitePages from '../../i18n/en/sitePages.json';
import type startup from '../../i18n/en/startup.json';
import type stock from '../../i18n/en/stock.json';
import type studio from '../../i18n/en/studio.json';
import type team from '../../i18n/en/team.json';
import type upload from '../../i18n/en/upload.json';
import type watch from '../../i18n/en/watch.json';

/** The English catalogue by area file; an area file missing here fails every key written in it. */
interface English {
  access: typeof access;
  account: typeof account;
  analytics: typeof analytics;
  apiTokens: typeof apiTokens;
  chat: typeof chat;
  common: typeof common;
  dashboard: typeof dashboard;
  download: typeof download;
  embed: typeof embed;
  errors: typeof errors;
  events: typeof events;
  feeds: typeof feeds;
  folders: typeof folders;
  footer: typeof footer;
  golive: typeof golive;
  home: typeof home;
  library: typeof library;
  live: typeof live;
  mail: typeof mail;
  openWeb: typeof openWeb;
  ownerPage: typeof ownerPage;
  quota: typeof quota;
  review: typeof review;
  settings: typeof settings;
  share: typeof share;
  showcase: typeof showcase;
  sitePages: typeof sitePages;
  startup: typeof startup;
  stock: typeof stock;
  studio: typeof studio;
  team: typeof team;
  upload: typeof upload;
  watch: typeof watch;
}

/** i18next's plural categories (CLDR), written as a message key's suffix. */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A message key as code writes it: a plural form by its base, any other as it stands. */
type BaseKey<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : K;

/** The base of a plural form; never for a key without plural forms. */
type PluralBase<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : never;

/** Every `area.key` of a catalogue of area files, plural forms by their base. */
export type KeysOf<Catalogue> = {
  [Area in keyof Catalogue & string]: `${Area}.${BaseKey<keyof Catalogue[Area] & string>}`;
}[keyof Catalogue & string];

/** The keys of a catalogue whose message has plural forms. */
export type PluralKeysOf<Catalogue> = {
  [Area in keyof Catalogue & string]: `${Area}.${PluralBase<keyof Catalogue[Area] & string>}`;
}[keyof Catalogue & string];

export type TranslationKey = KeysOf<English>;

type PluralKey = PluralKeysOf<English>;

/** Interpolation values and i18next's options (`lng`, …). */
type TranslateOptions = Readonly<Record<string, unknown>>;

/**
 * What a call passes after its key: a plural message needs its `count`, others may pass values.
 * A key only known as one of several, some plural and some not (a lookup table's value), is
 * held to the looser rule.
 */
type TranslateRest<Key extends string, Plural extends string> = [Key] extends [Plural]
  ? [options: TranslateOptions & { count: number }]
  : [options?: TranslateOptions];

/** A translator over a set of keys: the message in one locale, interpolated. */
export type TranslatorOf<Keys extends string, Plurals extends Keys> = <Key extends Keys>(
  key: Key,
  ...options: TranslateRest<Key, Plurals>
) => string;

/** The `t` of a request (`Astro.locals.t`) or of a locale (translator.ts). */
export type Translate = TranslatorOf<TranslationKey, PluralKey>;
