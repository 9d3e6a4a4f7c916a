/**
 * The bulk actions of /manage/videos on the chosen videos: add to a showcase, file in a
 * folder (or in none), set who may watch, delete (asked first). Only videos the user may edit are touched; the answer says
 * how many were.
 */
import type { VideoPrivacy } from '../../lib/domain.ts';
import { mayDo } from '../../lib/studioPermissions.ts';
import { BULK_PRIVACY } from '../../lib/videoSettings.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import type { MediaStorage } from '../media/storage.ts';
import { fileVideos, findStudioFolder } from './folderStudio.ts';
import { addShowcaseVideos, findStudioShowcase } from './showcaseStudio.ts';
import type { StudioAccount } from './studioAccount.ts';
import { deleteVideos, ownedVideoIds, setVideosPrivacy } from './videoStudio.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export type BulkOutcome =
  | {
      kind: 'done';
      notice: 'bulkAdded' | 'bulkFiled' | 'bulkPrivacy' | 'bulkDeleted';
      count: number;
    }
  | { kind: 'confirm'; videoIds: number[] }
  | { kind: 'invalid'; message: TranslationKey }
  | { kind: 'refused' };

/** The videos among `chosen` the user may edit: all of the account's for owners and admins, their own uploads for contributors. */
export async function editableVideoIds(
  db: Db,
  account: StudioAccount,
  chosen: readonly number[],
): Promise<number[]> {
  if (mayDo(account.role, 'editAllVideos')) return ownedVideoIds(db, account.ownerId, chosen);
  if (mayDo(account.role, 'editOwnVideos'))
    return ownedVideoIds(db, account.ownerId, chosen, account.userId);
  return [];
}

function editableChoice(db: Db, account: StudioAccount, form: FormData): Promise<number[]> {
  const chosen = form
    .getAll('video')
    .map(String)
    .filter((id) => /^[1-9]\d{0,9}$/.test(id))
    .map(Number);
  return editableVideoIds(db, account, chosen);
}

/** The folder a form names in `folderId` ('none': no folder); undefined when it is not one of the account's. */
export async function chosenFolder(
  db: Db,
  account: StudioAccount,
  form: FormData,
): Promise<number | null | undefined> {
  const raw = formText(form, 'folderId');
  if (raw === 'none') return null;
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  return (await findStudioFolder(db, account.ownerId, Number(raw)))?.id;
}

export async function handleBulkPost(
  db: Db,
  storage: MediaStorage,
  account: StudioAccount,
  form: FormData,
): Promise<BulkOutcome> {
  if (!mayDo(account.role, 'editOwnVideos')) return { kind: 'refused' };
  const videoIds = await editableChoice(db, account, form);
  if (videoIds.length === 0) return { kind: 'invalid', message: 'library.bulkNothingChosen' };
  const bulk = formText(form, 'bulk');
  if (bulk === 'showcase') {
    const showcaseId = Number(formText(form, 'showcaseId'));
    const showcase = Number.isSafeInteger(showcaseId)
      ? await findStudioShowcase(db, account.ownerId, showcaseId)
      : null;
    if (!showcase || !mayDo(account.role, 'addToShowcases'))
      return { kind: 'invalid', message: 'library.bulkChooseShowcase' };
    await addShowcaseVideos(db, account.ownerId, showcase.id, videoIds);
    return { kind: 'done', notice: 'bulkAdded', count: videoIds.length };
  }
  if (bulk === 'folder') {
    const folderId = await chosenFolder(db, account, form);
    if (folderId === undefined) return { kind: 'invalid', message: 'folders.chooseFolder' };
    await fileVideos(db, videoIds, folderId);
    return { kind: 'done', notice: 'bulkFiled', count: videoIds.length };
  }
  if (bulk === 'privacy') {
    const privacy = formText(form, 'privacy');
    if (!(BULK_PRIVACY as readonly string[]).includes(privacy))
      return { kind: 'invalid', message: 'library.bulkChoosePrivacy' };
    await setVideosPrivacy(db, videoIds, privacy as VideoPrivacy);
    return { kind: 'done', notice: 'bulkPrivacy', count: videoIds.length };
  }
  if (bulk === 'delete') {
    if (formText(form, 'confirmed') !== 'yes') return { kind: 'confirm', videoIds };
    await deleteVideos(db, storage, videoIds);
    return { kind: 'done', notice: 'bulkDeleted', count: videoIds.length };
  }
  return { kind: 'invalid', message: 'library.bulkChooseAction' };
}
