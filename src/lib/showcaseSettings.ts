/**
 * The settings of a showcase as the studio's editor submits them (SPEC §3 Showcase fields),
 * checked field by field. Each error names its field and an i18n key of `studio.*`, so the
 * form shows it beside the field; nothing is saved while any is left.
 */
import { normalizeEmbedDomain, parseEmbedDomains } from './embedDomains.ts';
import {
  LAYOUTS,
  SHOWCASE_PRIVACY,
  SORTS,
  THEMES,
  type Layout,
  type ShowcasePrivacy,
  type Sort,
  type Theme,
} from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

export const NAME_MAX = 128;
export const DESCRIPTION_MAX = 5000;
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 128;

export const SETTING_FLAGS = [
  'hideNav',
  'hideUpcoming',
  'allowDownloads',
  'allowShare',
  'allowContinuousPlay',
  'autoplay',
] as const;
export type SettingFlag = (typeof SETTING_FLAGS)[number];

export interface ShowcaseSettings extends Record<SettingFlag, boolean> {
  name: string;
  description: string;
  layout: Layout;
  theme: Theme;
  brandColor: string;
  sort: Sort;
  privacy: ShowcasePrivacy;
  /** A new password to set; null keeps the current one. */
  newPassword: string | null;
  /** The showcase's own domain (lower case), or null. */
  domain: string | null;
  embedDomains: string[];
  thumbnailVideoId: number | null;
  featuredVideoId: number | null;
}

type SettingsField = keyof ShowcaseSettings | 'password';
export type SettingsErrors = Partial<Record<SettingsField, TranslationKey>>;

/** What the check needs to know of the showcase as stored. */
export interface SettingsContext {
  hasPassword: boolean;
  videoIds: readonly number[];
}

export type ParsedSettings =
  { ok: true; settings: ShowcaseSettings } | { ok: false; errors: SettingsErrors };

const HEX_COLOR = /^#?([0-9a-f]{6})$/i;

function oneOf<T extends string>(values: readonly T[], raw: string): T | null {
  return (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

function videoChoice(raw: string, videoIds: readonly number[]): number | null | undefined {
  if (raw === '') return null;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  return videoIds.includes(id) ? id : undefined;
}

/** `read(name)` gives a submitted field's text ('' when absent); a checkbox is on when present. */
export function parseShowcaseSettings(
  read: (name: string) => string | null,
  context: SettingsContext,
): ParsedSettings {
  const text = (name: string) => read(name) ?? '';
  const errors: SettingsErrors = {};

  const name = text('name').trim();
  if (name === '') errors.name = 'studio.nameRequired';
  else if ([...name].length > NAME_MAX) errors.name = 'studio.nameTooLong';
  const description = text('description').trim();
  if ([...description].length > DESCRIPTION_MAX) errors.description = 'studio.descriptionTooLong';

  const layout = oneOf(LAYOUTS, text('layout'));
  if (!layout) errors.layout = 'studio.invalidChoice';
  const theme = oneOf(THEMES, text('theme'));
  if (!theme) errors.theme = 'studio.invalidChoice';
  const sort = oneOf(SORTS, text('sort'));
  if (!sort) errors.sort = 'studio.invalidChoice';
  const privacy = oneOf(SHOWCASE_PRIVACY, text('privacy'));
  if (!privacy) errors.privacy = 'studio.invalidChoice';

  const color = HEX_COLOR.exec(text('brandColor').trim());
  if (!color) errors.brandColor = 'studio.invalidColor';

  const password = text('password');
  let newPassword: string | null = null;
  if (password !== '') {
    if ([...password].length < PASSWORD_MIN) errors.password = 'studio.passwordTooShort';
    else if ([...password].length > PASSWORD_MAX) errors.password = 'studio.passwordTooLong';
    else newPassword = password;
  } else if (privacy === 'password' && !context.hasPassword) {
    errors.password = 'studio.passwordRequired';
  }

  const rawDomain = text('domain').trim();
  let domain: string | null = null;
  if (rawDomain !== '') {
    domain = normalizeEmbedDomain(rawDomain);
    if (!domain || domain.startsWith('*.')) errors.domain = 'studio.invalidDomain';
  }

  const embed = parseEmbedDomains(text('embedDomains'));
  if (!embed.ok)
    errors.embedDomains =
      'tooMany' in embed ? 'studio.tooManyEmbedDomains' : 'studio.invalidEmbedDomains';

  const thumbnailVideoId = videoChoice(text('thumbnailVideoId'), context.videoIds);
  if (thumbnailVideoId === undefined) errors.thumbnailVideoId = 'studio.invalidChoice';
  const featuredVideoId = videoChoice(text('featuredVideoId'), context.videoIds);
  if (featuredVideoId === undefined) errors.featuredVideoId = 'studio.invalidChoice';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const flags = Object.fromEntries(
    SETTING_FLAGS.map((flag) => [flag, read(flag) !== null]),
  ) as Record<SettingFlag, boolean>;
  return {
    ok: true,
    settings: {
      ...flags,
      name,
      description,
      layout: layout!,
      theme: theme!,
      sort: sort!,
      brandColor: `#${color![1]!.toLowerCase()}`,
      privacy: privacy!,
      newPassword,
      domain,
      embedDomains: embed.ok ? embed.domains : [],
      thumbnailVideoId: thumbnailVideoId ?? null,
      featuredVideoId: featuredVideoId ?? null,
    },
  };
}
