/**
 * The forms of /manage/folders and /manage/folders/{id}: create a folder, rename, move or
 * delete one, file a video in another folder, and add a folder's videos to a showcase; and
 * the moves their drag and drop posts (POST /manage/folders/move). Each needs what the
 * library's bulk edits need (editOwnVideos); a contributor files and adds only the videos
 * they uploaded.
 */
import type { FolderMove } from '../../lib/folderDrop.ts';
import { folderName } from '../../lib/folderTree.ts';
import { mayDo } from '../../lib/studioPermissions.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import {
  createFolder,
  deleteFolder,
  fileVideos,
  findStudioFolder,
  folderVideoIds,
  moveFolder,
  renameFolder,
  type StudioFolder,
} from './folderStudio.ts';
import { chosenFolder, editableVideoIds } from './libraryBulk.ts';
import { addShowcaseVideos, findStudioShowcase } from './showcaseStudio.ts';
import type { StudioAccount } from './studioAccount.ts';

export const FOLDER_NOTICES = [
  'created',
  'renamed',
  'moved',
  'deleted',
  'filed',
  'added',
] as const satisfies readonly string[];
type FolderNotice = (typeof FOLDER_NOTICES)[number];

export const FOLDER_NOTICE_LABELS: Record<FolderNotice, TranslationKey> = {
  created: 'folders.doneCreated',
  renamed: 'folders.doneRenamed',
  moved: 'folders.doneMoved',
  deleted: 'folders.doneDeleted',
  filed: 'folders.doneFiled',
  added: 'library.doneBulkAdded',
};

export type FolderOutcome =
  | { kind: 'done'; notice: FolderNotice; count?: number; folderId: number | null }
  | { kind: 'invalid'; message: TranslationKey }
  | { kind: 'refused' };

const REFUSALS = {
  self: 'folders.refusedSelf',
  descendant: 'folders.refusedDescendant',
  unknown: 'folders.chooseFolder',
} as const satisfies Record<string, TranslationKey>;

/** A POST to /manage/folders (`folder` null) or to a folder's page. */
export async function handleFolderPost(
  db: Db,
  account: StudioAccount,
  folder: StudioFolder | null,
  form: FormData,
): Promise<FolderOutcome> {
  if (!mayDo(account.role, 'editOwnVideos')) return { kind: 'refused' };
  const action = formText(form, 'action');
  if (action === 'create') {
    const name = folderName(formText(form, 'name'));
    if (name === null) return { kind: 'invalid', message: 'folders.nameInvalid' };
    const parentId = await chosenFolder(db, account, form);
    if (parentId === undefined) return { kind: 'invalid', message: 'folders.chooseFolder' };
    const created = await createFolder(db, account.ownerId, name, parentId);
    return { kind: 'done', notice: 'created', folderId: created };
  }
  if (!folder) return { kind: 'invalid', message: 'library.bulkChooseAction' };
  if (action === 'rename') {
    const name = folderName(formText(form, 'name'));
    if (name === null) return { kind: 'invalid', message: 'folders.nameInvalid' };
    await renameFolder(db, account.ownerId, folder.id, name);
    return { kind: 'done', notice: 'renamed', folderId: folder.id };
  }
  if (action === 'move') {
    const parentId = await chosenFolder(db, account, form);
    if (parentId === undefined) return { kind: 'invalid', message: 'folders.chooseFolder' };
    const refusal = await moveFolder(db, account.ownerId, folder.id, parentId);
    if (refusal) return { kind: 'invalid', message: REFUSALS[refusal] };
    return { kind: 'done', notice: 'moved', folderId: folder.id };
  }
  if (action === 'delete') {
    await deleteFolder(db, account.ownerId, folder.id);
    return { kind: 'done', notice: 'deleted', folderId: null };
  }
  if (action === 'file') {
    const destination = await chosenFolder(db, account, form);
    if (destination === undefined) return { kind: 'invalid', message: 'folders.chooseFolder' };
    const video = formText(form, 'video');
    const videoIds = /^[1-9]\d{0,9}$/.test(video)
      ? await editableVideoIds(db, account, [Number(video)])
      : [];
    if (videoIds.length === 0) return { kind: 'invalid', message: 'library.bulkNothingChosen' };
    await fileVideos(db, videoIds, destination);
    return { kind: 'done', notice: 'filed', count: videoIds.length, folderId: folder.id };
  }
  if (action === 'showcase') {
    const showcaseId = Number(formText(form, 'showcaseId'));
    const showcase = Number.isSafeInteger(showcaseId)
      ? await findStudioShowcase(db, account.ownerId, showcaseId)
      : null;
    if (!showcase || !mayDo(account.role, 'addToShowcases'))
      return { kind: 'invalid', message: 'library.bulkChooseShowcase' };
    const videoIds = await editableVideoIds(db, account, await folderVideoIds(db, folder.id));
    if (videoIds.length === 0) return { kind: 'invalid', message: 'folders.nothingToAdd' };
    await addShowcaseVideos(db, account.ownerId, showcase.id, videoIds);
    return { kind: 'done', notice: 'added', count: videoIds.length, folderId: folder.id };
  }
  return { kind: 'invalid', message: 'library.bulkChooseAction' };
}

export type FolderMoveOutcome =
  { kind: 'done' } | { kind: 'invalid'; message: TranslationKey } | { kind: 'refused' };

/**
 * A move dropped on a folder (POST /manage/folders/move): a video filed in it, or a folder put
 * in it; `to` null files the video in no folder, or puts the folder at the top. The same
 * checks as the forms: the video one the user may edit, the folders the account's, no cycle.
 */
export async function handleFolderMove(
  db: Db,
  account: StudioAccount,
  move: FolderMove,
): Promise<FolderMoveOutcome> {
  if (!mayDo(account.role, 'editOwnVideos')) return { kind: 'refused' };
  if (move.kind === 'folder') {
    const refusal = await moveFolder(db, account.ownerId, move.id, move.to);
    return refusal ? { kind: 'invalid', message: REFUSALS[refusal] } : { kind: 'done' };
  }
  if (move.to !== null && !(await findStudioFolder(db, account.ownerId, move.to)))
    return { kind: 'invalid', message: 'folders.chooseFolder' };
  const videoIds = await editableVideoIds(db, account, [move.id]);
  if (videoIds.length === 0) return { kind: 'invalid', message: 'library.bulkNothingChosen' };
  await fileVideos(db, videoIds, move.to);
  return { kind: 'done' };
}
