/**
 * What the islands say of a video this viewer may not watch (src/lib/contentGates.ts), in one
 * place so the player layout and search say the same. Server-side only: islands get the
 * result as props.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import { LOCK_ACTION_KEYS } from '../../lib/contentGates.ts';

export interface LockedVideoStrings {
  /** The title of a video the viewer's filter leaves out. */
  lockedByFilter: string;
  changeFilter: string;
  logInToWatch: string;
  /** The rating names, by content_rating_class. */
  ratingSafe: string;
  ratingMature: string;
  ratingUnrated: string;
}

export function lockedVideoStrings(t: Translate): LockedVideoStrings {
  return {
    lockedByFilter: t('showcase.lockedByFilter'),
    changeFilter: t(LOCK_ACTION_KEYS.content_filter),
    logInToWatch: t(LOCK_ACTION_KEYS.log_in),
    ratingSafe: t('settings.ratingSafe'),
    ratingMature: t('settings.ratingExplicit'),
    ratingUnrated: t('settings.ratingUnrated'),
  };
}

/** The rating's name as the viewer reads it. */
export function ratingName(
  strings: LockedVideoStrings,
  ratingClass: 'safe' | 'mature' | 'unrated' = 'safe',
): string {
  return { safe: strings.ratingSafe, mature: strings.ratingMature, unrated: strings.ratingUnrated }[
    ratingClass
  ];
}
