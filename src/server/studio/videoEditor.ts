/**
 * The form posts of the studio's video pages (/manage/videos/{clipId} and its privacy page):
 * settings, picture from a frame or an image, caption tracks added and removed, deletion.
 * Each answers a notice to redirect with, or the errors to show beside the fields.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isLanguageTag, TEXT_TRACK_MAX_BYTES, toWebVtt } from '../../lib/textTrackFile.ts';
import { parseVideoSettings } from '../../lib/videoSettings.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import { isMediaError } from '../media/mediaError.ts';
import type { MediaStorage } from '../media/storage.ts';
import { makeScratchDir } from '../media/scratch.ts';
import {
  addTextTrack,
  deleteTextTrack,
  deleteVideos,
  replacePictures,
  saveVideoSettings,
  type StudioVideo,
} from './videoStudio.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export const VIDEO_NOTICES = ['saved', 'picture', 'trackAdded', 'trackRemoved'] as const;
export type VideoNotice = (typeof VIDEO_NOTICES)[number];

export const VIDEO_NOTICE_LABELS: Record<VideoNotice, TranslationKey> = {
  saved: 'library.doneSaved',
  picture: 'library.donePicture',
  trackAdded: 'library.doneTrackAdded',
  trackRemoved: 'library.doneTrackRemoved',
};

export type VideoOutcome =
  | { kind: 'done'; notice: VideoNotice }
  | { kind: 'deleted' }
  | { kind: 'invalid'; errors: Record<string, TranslationKey> }
  | { kind: 'refused' };

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

async function withUpload<T>(
  file: File,
  name: string,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  const scratch = await makeScratchDir('studio-upload');
  try {
    const filePath = path.join(scratch, name);
    await writeFile(filePath, Buffer.from(await file.arrayBuffer()));
    return await use(filePath);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function handleVideoPost(
  db: Db,
  storage: MediaStorage,
  video: StudioVideo,
  form: FormData,
): Promise<VideoOutcome> {
  const action = formText(form, 'action');
  if (action === 'settings') {
    const parsed = parseVideoSettings((name) => (form.has(name) ? formText(form, name) : null), {
      hasPassword: video.hasPassword,
      isStock: video.type === 'stock',
    });
    if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors };
    await saveVideoSettings(db, video.id, parsed.settings);
    return { kind: 'done', notice: 'saved' };
  }
  if (action === 'frame') {
    const seconds = Number(formText(form, 'seconds'));
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > Math.max(0, video.duration))
      return { kind: 'invalid', errors: { seconds: 'library.invalidSecond' } };
    if (video.status !== 'ready')
      return { kind: 'invalid', errors: { seconds: 'library.notReady' } };
    await replacePictures(db, storage, video.id, { seconds });
    return { kind: 'done', notice: 'picture' };
  }
  if (action === 'image') {
    const file = form.get('image');
    if (!(file instanceof File) || file.size === 0)
      return { kind: 'invalid', errors: { image: 'library.imageRequired' } };
    if (!IMAGE_TYPES.has(file.type))
      return { kind: 'invalid', errors: { image: 'library.notImage' } };
    try {
      await withUpload(file, 'picture', (imagePath) =>
        replacePictures(db, storage, video.id, { imagePath }),
      );
    } catch (error) {
      if (isMediaError(error)) return { kind: 'invalid', errors: { image: 'library.notImage' } };
      throw error;
    }
    return { kind: 'done', notice: 'picture' };
  }
  if (action === 'addTrack') {
    const file = form.get('track');
    const language = formText(form, 'language').trim();
    const displayName = formText(form, 'label').trim();
    const errors: Record<string, TranslationKey> = {};
    if (!isLanguageTag(language)) errors['language'] = 'library.invalidLanguage';
    if (displayName === '' || [...displayName].length > 64)
      errors['label'] = 'library.invalidLabel';
    let vtt: string | null = null;
    if (!(file instanceof File) || file.size === 0) errors['track'] = 'library.trackRequired';
    else if (file.size > TEXT_TRACK_MAX_BYTES) errors['track'] = 'library.trackTooLarge';
    else {
      const converted = toWebVtt(await file.text(), file.name);
      if (converted.ok) vtt = converted.vtt;
      else
        errors['track'] =
          converted.reason === 'empty' ? 'library.trackEmpty' : 'library.trackFormat';
    }
    if (Object.keys(errors).length > 0 || vtt === null) return { kind: 'invalid', errors };
    await addTextTrack(db, storage, video.id, { language, displayName, vtt });
    return { kind: 'done', notice: 'trackAdded' };
  }
  if (action === 'removeTrack') {
    const trackId = Number(formText(form, 'trackId'));
    if (!Number.isSafeInteger(trackId) || !(await deleteTextTrack(db, storage, video.id, trackId)))
      return { kind: 'refused' };
    return { kind: 'done', notice: 'trackRemoved' };
  }
  if (action === 'delete') {
    await deleteVideos(db, storage, [video.id]);
    return { kind: 'deleted' };
  }
  return { kind: 'refused' };
}
