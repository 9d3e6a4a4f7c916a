/** The i18n key naming a video's privacy.view for its owner (SPEC §3 Video privacy.view). */
import type { VideoPrivacy } from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

const KEYS: Record<VideoPrivacy, TranslationKey> = {
  anybody: 'account.privacyAnybody',
  unlisted: 'account.privacyUnlisted',
  password: 'account.privacyPassword',
  nobody: 'account.privacyNobody',
  stock: 'account.privacyStock',
};

export function privacyLabelKey(privacy: VideoPrivacy): TranslationKey {
  return KEYS[privacy];
}
