import type { TranslationKey } from './translationKeys.ts';

/** The steps of processing an upload, as the studio names them to its owner. */
export const TRANSCODE_STEPS = [
  'probing',
  'encoding',
  'packaging',
  'thumbnails',
  'storing',
] as const;
export type TranscodeStep = (typeof TRANSCODE_STEPS)[number];

/** The translation key of each step's label (i18n/<locale>/upload.json). */
export const UPLOAD_STEP_LABELS: Record<TranscodeStep, TranslationKey> = {
  probing: 'upload.stepProbing',
  encoding: 'upload.stepEncoding',
  packaging: 'upload.stepPackaging',
  thumbnails: 'upload.stepThumbnails',
  storing: 'upload.stepStoring',
};
