/** The translated strings of the uploader island, with {name}-style markers for browser values. Server-side only. */
import type { Translate } from '../../lib/translationKeys.ts';
import { markers } from '../../lib/messageTemplate.ts';
import { TRANSCODE_STEPS, UPLOAD_STEP_LABELS } from '../../lib/transcodeSteps.ts';
import type { UploaderStrings } from './Uploader.tsx';

export function uploaderStrings(t: Translate): UploaderStrings {
  return {
    chooseFiles: t('upload.chooseFiles'),
    dropHere: t('upload.dropHere'),
    showcase: t('upload.showcase'),
    noShowcase: t('upload.noShowcase'),
    sentOf: t('upload.sentOf', markers('sent', 'total')),
    speedLeft: t('upload.speedLeft', markers('speed', 'time')),
    cancel: t('upload.cancel'),
    cancelOf: t('upload.cancelOf', markers('name')),
    progressOf: t('upload.progressOf', markers('name')),
    queued: t('upload.queued'),
    uploading: t('upload.uploading'),
    cancelled: t('upload.cancelled'),
    processing: t('upload.processing'),
    ready: t('upload.ready'),
    failed: t('upload.failed'),
    notVideo: t('upload.notVideo'),
    networkError: t('upload.networkError'),
    resumable: t('upload.resumable', markers('name', 'total')),
    editVideo: t('upload.editVideo'),
    viewUpload: t('upload.viewUpload'),
    steps: Object.fromEntries(TRANSCODE_STEPS.map((step) => [step, t(UPLOAD_STEP_LABELS[step])])),
  };
}
