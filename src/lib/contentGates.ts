/**
 * The content-rating gates of SPEC §3, §5 and §6, as pure rules:
 * - the mature-content filter: a video whose rating the viewer's filter leaves out is locked;
 * - the log-in gate: a signed-out viewer must log in to watch a mature or unrated video;
 * - the age gate: a public showcase holding mature or unrated videos asks signed-out viewers
 *   where the regulatory flag is set (ofcomQualifies) to confirm their age first, unless the
 *   showcase is shown offsite.
 * A locked video keeps its place in every list (counts and paging stay stable) but is never
 * played, downloaded, or given media URLs.
 */
import type { ContentRating } from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

/** Ratings that need a signed-in viewer (SPEC §5 "unrated or mature collections"). */
export const RESTRICTED_RATINGS: readonly ContentRating[] = ['explicit', 'unrated'];

/** Why a video is locked for this viewer: their own filter, or the log-in gate. */
export type ContentLock = 'content_filter' | 'log_in';

export interface LockFacts {
  rating: ContentRating;
  /** The ratings the viewer's filter lets through (allowedRatings). */
  allowed: readonly ContentRating[];
  signedIn: boolean;
}

export function contentLock({ rating, allowed, signedIn }: LockFacts): ContentLock | null {
  // The viewer's own choice comes first: logging in would not show them this video.
  if (!allowed.includes(rating)) return 'content_filter';
  if (!signedIn && RESTRICTED_RATINGS.includes(rating)) return 'log_in';
  return null;
}

export interface AgeGateFacts {
  /** The showcase is open to anybody (privacy.view 'anybody'). */
  albumPublic: boolean;
  signedIn: boolean;
  /** The viewer's region puts the regulatory duty on the site (viewer context ofcomQualifies). */
  ofcomQualifies: boolean;
  /** Shown inside another site or app (app=showcase, offsite=redirect, is_embed=1, an embed frame). */
  offsite: boolean;
  /** Any video of the showcase is mature or unrated. */
  hasRestrictedVideos: boolean;
  /** The viewer confirmed their age earlier in this browser session. */
  passed: boolean;
}

export function ageGateApplies(facts: AgeGateFacts): boolean {
  return (
    facts.albumPublic &&
    !facts.signedIn &&
    facts.ofcomQualifies &&
    !facts.offsite &&
    facts.hasRestrictedVideos &&
    !facts.passed
  );
}

/** Set for the browser session once a viewer confirmed their age at the age gate. */
export const AGE_CONFIRMED_COOKIE = 'age_confirmed';

/**
 * Where a locked video's action leads (unprefixed; callers localize): the page that changes
 * the mature-content filter, coming back to `returnTo`, or the log-in page, coming back to
 * the video.
 */
export function lockActionPath(
  lock: ContentLock,
  { videoPath, returnTo }: { videoPath: string; returnTo: string },
): string {
  return lock === 'content_filter'
    ? `/settings?return_to=${encodeURIComponent(returnTo)}`
    : `/log_in?redirect=${encodeURIComponent(videoPath)}`;
}

/** What a locked video's link says (translation keys): what would open it. */
export const LOCK_ACTION_KEYS = {
  content_filter: 'showcase.changeFilter',
  log_in: 'access.logInToWatch',
} as const satisfies Record<ContentLock, TranslationKey>;

/** The translation key of each content_rating_class, for the rating on a locked video. */
export const RATING_LABEL_KEYS = {
  safe: 'settings.ratingSafe',
  mature: 'settings.ratingExplicit',
  unrated: 'settings.ratingUnrated',
} as const satisfies Record<string, TranslationKey>;
