/**
 * A video's settings as the studio's editor submits them (SPEC §3 Video): title, description,
 * who may watch (privacy.view; 'stock' belongs to stock clips alone), download, content
 * rating, and a password when only people with it may watch.
 */
import { CONTENT_RATINGS, VIDEO_PRIVACY, type ContentRating, type VideoPrivacy } from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

export const VIDEO_NAME_MAX = 128;
export const VIDEO_DESCRIPTION_MAX = 5000;
/** What an owner may choose; 'stock' is set by the stock catalogue. */
export const EDITABLE_VIDEO_PRIVACY = VIDEO_PRIVACY.filter((privacy) => privacy !== 'stock');

export interface VideoSettings {
  name: string;
  description: string;
  privacyView: VideoPrivacy;
  privacyDownload: boolean;
  contentRating: ContentRating;
  /** A new password; null keeps the current one. */
  newPassword: string | null;
}

type VideoField = 'name' | 'description' | 'privacyView' | 'contentRating' | 'password';
export type ParsedVideoSettings =
  | { ok: true; settings: VideoSettings }
  | { ok: false; errors: Partial<Record<VideoField, TranslationKey>> };

export function parseVideoSettings(
  read: (name: string) => string | null,
  context: { hasPassword: boolean; isStock: boolean },
): ParsedVideoSettings {
  const errors: Partial<Record<VideoField, TranslationKey>> = {};
  const name = (read('name') ?? '').trim();
  if (name === '') errors.name = 'library.nameRequired';
  else if ([...name].length > VIDEO_NAME_MAX) errors.name = 'library.nameTooLong';
  const description = (read('description') ?? '').trim();
  if ([...description].length > VIDEO_DESCRIPTION_MAX)
    errors.description = 'library.descriptionTooLong';
  const privacy = read('privacyView') ?? '';
  const allowed: readonly string[] = context.isStock ? VIDEO_PRIVACY : EDITABLE_VIDEO_PRIVACY;
  if (!allowed.includes(privacy)) errors.privacyView = 'library.invalidChoice';
  const rating = read('contentRating') ?? '';
  if (!(CONTENT_RATINGS as readonly string[]).includes(rating))
    errors.contentRating = 'library.invalidChoice';
  const password = read('password') ?? '';
  if (password !== '' && ([...password].length < 4 || [...password].length > 128))
    errors.password = 'library.passwordLength';
  if (password === '' && privacy === 'password' && !context.hasPassword)
    errors.password = 'library.passwordRequired';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      name,
      description,
      privacyView: privacy as VideoPrivacy,
      privacyDownload: read('privacyDownload') !== null,
      contentRating: rating as ContentRating,
      newPassword: password === '' ? null : password,
    },
  };
}

/** What many videos may be set to at once: a password is set video by video. */
export const BULK_PRIVACY = EDITABLE_VIDEO_PRIVACY.filter((privacy) => privacy !== 'password');
