/**
 * The viewer preferences the footer's forms post (SPEC §7 POST /settings, set_locale and the
 * theme toggle): where to send the viewer back, and the mature-content filter selection.
 */
import { CONTENT_RATINGS, type ContentRating } from './domain.ts';

/**
 * Fragments a settings route appends to its 303 so the footer shows the outcome of a form
 * sent without JavaScript (CSS :target in src/components/footer/FooterStatus.astro).
 */
export const FOOTER_STATUS = {
  saved: 'footer-preferences-saved',
  failed: 'footer-preferences-failed',
  languageFailed: 'footer-language-failed',
} as const;

/** The presets a single `content_rating` may carry (SPEC §3: 'everything' and 'safest'). */
const SENT_PRESETS = ['everything', 'safest'] as const;
type SentPreset = (typeof SENT_PRESETS)[number];

/**
 * What the mature-content filter lets through: a preset, or the custom set of ratings
 * (SPEC §5: any preset other than everything/safest is custom and sends its checkboxes).
 */
export type RatingSelection =
  { preset: 'everything' } | { preset: 'safest' } | { preset: 'custom'; ratings: ContentRating[] };

/** Where POST /settings keeps a signed-out viewer's selection (serializeRatingSelection). */
export const CONTENT_RATING_COOKIE = 'content_rating';
/** The footer's light/dark choice; absent means 'auto' (prefers-color-scheme). */
export const THEME_COOKIE = 'theme';

/** Until a viewer chooses, nothing is filtered; the age and log-in gates still apply (SPEC §5). */
export const DEFAULT_RATING_SELECTION: RatingSelection = { preset: 'everything' };

const isPreset = (v: unknown): v is SentPreset => (SENT_PRESETS as readonly unknown[]).includes(v);
const isRating = (v: unknown): v is ContentRating =>
  (CONTENT_RATINGS as readonly unknown[]).includes(v);

/**
 * Reads the body of POST /settings: `content_rating` (a preset, a single rating, or 'custom'
 * from the no-JS form's radio) and `content_ratings[]` (the custom checkboxes). Null when the
 * values are unknown or a custom choice names no rating at all.
 */
export function parseRatingSelection(
  contentRating: string | null | undefined,
  contentRatings: readonly string[] = [],
): RatingSelection | null {
  if (isPreset(contentRating)) return { preset: contentRating };
  const custom = contentRating === 'custom' || contentRating == null || contentRating === '';
  const sent = custom
    ? contentRatings
    : isRating(contentRating) && contentRatings.length === 0
      ? [contentRating]
      : null;
  if (sent === null || sent.length === 0 || !sent.every(isRating)) return null;
  // One canonical order, so equal choices store equal cookies.
  return { preset: 'custom', ratings: CONTENT_RATINGS.filter((r) => sent.includes(r)) };
}

/** 'everything' | 'safest' | 'custom:safe.unrated' — cookie-safe characters only. */
export function serializeRatingSelection(selection: RatingSelection): string {
  return selection.preset === 'custom' ? `custom:${selection.ratings.join('.')}` : selection.preset;
}

/** Inverse of serializeRatingSelection; anything unreadable is the default. */
export function readRatingSelection(value: string | null | undefined): RatingSelection {
  if (typeof value !== 'string') return DEFAULT_RATING_SELECTION;
  if (isPreset(value)) return { preset: value };
  const match = /^custom:([a-z.]+)$/.exec(value);
  return (
    (match && parseRatingSelection('custom', match[1]!.split('.'))) ?? DEFAULT_RATING_SELECTION
  );
}

/**
 * A selection as an account stores it (viewer_settings: preset and ratings); anything
 * unreadable is the default, like an unreadable cookie.
 */
export function storedRatingSelection(preset: string, ratings: readonly string[]): RatingSelection {
  if (preset === 'custom')
    return parseRatingSelection('custom', ratings) ?? DEFAULT_RATING_SELECTION;
  return isPreset(preset) ? { preset } : DEFAULT_RATING_SELECTION;
}

/** The ratings a selection lets through: everything → all three, safest → safe only. */
export function allowedRatings(selection: RatingSelection): ContentRating[] {
  if (selection.preset === 'everything') return [...CONTENT_RATINGS];
  if (selection.preset === 'safest') return ['safe'];
  return [...selection.ratings];
}
