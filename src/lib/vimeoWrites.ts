/**
 * The writes of Vimeo's API in Vitrine's own terms: a PATCH body names only what changes and
 * speaks Vimeo's field names, while the studio's checks (videoSettings.ts,
 * showcaseSettings.ts) read every field of a submitted form. These readers answer each form
 * field from the body, else from what is stored, so the API is held to the studio's rules
 * exactly; the errors come back under Vimeo's field names.
 */
import { z } from 'astro/zod';
import type { ContentRating } from './domain.ts';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PASSWORD_MIN,
  type SettingsErrors,
} from './showcaseSettings.ts';
import type { TranslationKey } from './translationKeys.ts';
import {
  VIDEO_DESCRIPTION_MAX,
  VIDEO_NAME_MAX,
  type ParsedVideoSettings,
} from './videoSettings.ts';

/** A form field's text as the studio's parsers read it; null for an absent field (an unticked box). */
export type FormReader = (name: string) => string | null;

const privacyView = z.string();

export const videoPatchSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    privacy: z.object({ view: privacyView, download: z.boolean() }).partial(),
    password: z.string(),
    content_rating: z.union([z.string(), z.array(z.string())]),
  })
  .partial();
export type VideoPatch = z.infer<typeof videoPatchSchema>;

/** A video as stored, in the terms the studio's form is filled from. */
export interface StoredVideo {
  name: string;
  description: string;
  privacy: string;
  privacyDownload: boolean;
  contentRating: ContentRating;
}

/** Vimeo's words for what makes a video mature; Vitrine rates it `explicit`. */
const MATURE_WORDS = new Set(['drugs', 'language', 'nudity', 'violence', 'explicit']);

/**
 * Vitrine's rating of Vimeo's `content_rating` list: ['safe'], ['unrated'], or any of the
 * mature words (Vitrine keeps one rating, not the reasons). Null when the list says
 * something else (a mix of safe and mature, an unknown word).
 */
export function contentRatingOf(raw: string | readonly string[]): ContentRating | null {
  const words = typeof raw === 'string' ? [raw] : [...raw];
  if (words.length === 0) return null;
  if (words.every((word) => MATURE_WORDS.has(word))) return 'explicit';
  if (words.length === 1 && (words[0] === 'safe' || words[0] === 'unrated')) return words[0];
  return null;
}

/**
 * The studio's video form as the PATCH body fills it: each field the body names, else the
 * stored value. A `content_rating` Vitrine has no rating for reads as no choice, which the
 * studio refuses. A password is only ever given, never read back.
 */
export function videoPatchReader(patch: VideoPatch, stored: StoredVideo): FormReader {
  const rating =
    patch.content_rating === undefined
      ? stored.contentRating
      : (contentRatingOf(patch.content_rating) ?? '');
  const download = patch.privacy?.download ?? stored.privacyDownload;
  const fields: Record<string, string | null> = {
    name: patch.name ?? stored.name,
    description: patch.description ?? stored.description,
    privacyView: patch.privacy?.view ?? stored.privacy,
    contentRating: rating,
    password: patch.password ?? '',
    privacyDownload: download ? 'on' : null,
  };
  return (name) => fields[name] ?? null;
}

type Limits = Record<string, number>;

/** The body's field each studio video field is written as, and the limits its message names. */
const VIDEO_FIELDS: Record<string, { field: string; values?: Limits }> = {
  name: { field: 'name', values: { max: VIDEO_NAME_MAX } },
  description: { field: 'description', values: { max: VIDEO_DESCRIPTION_MAX } },
  privacyView: { field: 'privacy.view' },
  contentRating: { field: 'content_rating' },
  password: { field: 'password' },
};

/** The album settings Vimeo's POST /me/albums and PATCH /albums/{id} take. */
export const albumPatchSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    privacy: z.string(),
    password: z.string(),
    sort: z.string(),
    layout: z.string(),
    theme: z.string(),
    brand_color: z.string(),
    domain: z.string().nullable(),
    hide_nav: z.boolean(),
    hide_upcoming: z.boolean(),
    allow_downloads: z.boolean(),
    allow_share: z.boolean(),
    allow_continuous_play: z.boolean(),
    autoplay: z.boolean(),
  })
  .partial();
export type AlbumPatch = z.infer<typeof albumPatchSchema>;

/** A showcase as stored (or as a new one starts), in the terms of the editor's form. */
export interface StoredAlbum {
  name: string;
  description: string;
  privacyView: string;
  sort: string;
  layout: string;
  theme: string;
  brandColor: string;
  domain: string | null;
  embedDomains: readonly string[];
  thumbnailVideoId: number | null;
  featuredVideoId: number | null;
  hideNav: boolean;
  hideUpcoming: boolean;
  allowDownloads: boolean;
  allowShare: boolean;
  allowContinuousPlay: boolean;
  autoplay: boolean;
}

/** Vimeo's name of each of the editor's switches. */
const ALBUM_FLAGS = {
  hideNav: 'hide_nav',
  hideUpcoming: 'hide_upcoming',
  allowDownloads: 'allow_downloads',
  allowShare: 'allow_share',
  allowContinuousPlay: 'allow_continuous_play',
  autoplay: 'autoplay',
} as const;

/** The showcase editor's form as the body fills it: each field it names, else the stored value. */
export function albumPatchReader(patch: AlbumPatch, stored: StoredAlbum): FormReader {
  const fields: Record<string, string | null> = {
    name: patch.name ?? stored.name,
    description: patch.description ?? stored.description,
    privacy: patch.privacy ?? stored.privacyView,
    password: patch.password ?? '',
    sort: patch.sort ?? stored.sort,
    layout: patch.layout ?? stored.layout,
    theme: patch.theme ?? stored.theme,
    brandColor: patch.brand_color ?? stored.brandColor,
    domain: (patch.domain === undefined ? stored.domain : patch.domain) ?? '',
    embedDomains: stored.embedDomains.join('\n'),
    thumbnailVideoId: stored.thumbnailVideoId === null ? '' : String(stored.thumbnailVideoId),
    featuredVideoId: stored.featuredVideoId === null ? '' : String(stored.featuredVideoId),
  };
  for (const flag of Object.keys(ALBUM_FLAGS) as (keyof typeof ALBUM_FLAGS)[])
    fields[flag] = (patch[ALBUM_FLAGS[flag]] ?? stored[flag]) ? 'on' : null;
  return (name) => fields[name] ?? null;
}

const ALBUM_FIELDS: Record<string, { field: string; values?: Limits }> = {
  name: { field: 'name', values: { max: NAME_MAX } },
  description: { field: 'description', values: { max: DESCRIPTION_MAX } },
  privacy: { field: 'privacy' },
  password: { field: 'password', values: { min: PASSWORD_MIN } },
  sort: { field: 'sort' },
  layout: { field: 'layout' },
  theme: { field: 'theme' },
  brandColor: { field: 'brand_color' },
  domain: { field: 'domain' },
};

/** A refused field under the body's name, with the studio's message for it and the values it names. */
export interface InvalidParameter {
  field: string;
  error: TranslationKey;
  values: Limits;
}

function invalid(
  errors: Partial<Record<string, TranslationKey>>,
  names: Record<string, { field: string; values?: Limits }>,
): InvalidParameter[] {
  return Object.entries(errors).map(([field, error]) => ({
    field: names[field]?.field ?? field,
    error: error!,
    values: names[field]?.values ?? {},
  }));
}

export function invalidVideoFields(
  errors: Extract<ParsedVideoSettings, { ok: false }>['errors'],
): InvalidParameter[] {
  return invalid(errors, VIDEO_FIELDS);
}

export function invalidAlbumFields(errors: SettingsErrors): InvalidParameter[] {
  return invalid(errors, ALBUM_FIELDS);
}

/** A video named in a body: `/videos/{id}` (or `/users/{u}/videos/{id}`), or its id. */
function videoIdOf(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : value && typeof value === 'object' && 'uri' in value && typeof value.uri === 'string'
          ? value.uri
          : '';
  const match = /^(?:(?:\/users\/\d+)?\/videos\/)?([1-9]\d{0,9})$/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * The order of PATCH /albums/{id}/videos: `videos` as Vimeo's array of `{ uri }` objects,
 * or the comma-separated uris its PUT takes. Null when the body names no video or one that
 * is not a video uri.
 */
export function albumOrderOf(body: unknown): number[] | null {
  const raw = body && typeof body === 'object' && 'videos' in body ? body.videos : undefined;
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
  if (!items || items.length === 0) return null;
  const ids = items.map(videoIdOf);
  return ids.every((id) => id !== null) ? (ids as number[]) : null;
}
