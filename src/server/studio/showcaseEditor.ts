/**
 * The form posts of the showcase editor (/manage/showcases/{albumId}), one `action` each:
 * settings, add, remove, move, renew the share link. Each asks the role table first, writes
 * in one transaction, and answers a redirect with a notice (303) or the errors to show (4xx),
 * so the page itself only renders.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { MOVES, type Move } from '../../lib/showcaseOrder.ts';
import { parseShowcaseSettings, type SettingsErrors } from '../../lib/showcaseSettings.ts';
import { mayDo, mayEditVideo } from '../../lib/studioPermissions.ts';
import type { Db } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import { formText } from '../http/badRequest.ts';
import { isMediaError } from '../media/mediaError.ts';
import type { MediaStorage } from '../media/storage.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { removeShowcaseLogo, saveShowcaseLogo } from './showcaseLogo.ts';
import type { StudioAccount } from './studioAccount.ts';
import {
  addShowcaseVideos,
  listStudioShowcaseVideos,
  moveShowcaseVideo,
  removeShowcaseVideo,
  renewShareHash,
  saveShowcaseSettings,
  type ShowcaseRow,
} from './showcaseStudio.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

/** The notices the editor shows after a redirect (?done=…), each named by EDITOR_NOTICE_LABELS. */
export const EDITOR_NOTICES = [
  'saved',
  'added',
  'removed',
  'moved',
  'renewed',
  'created',
  'duplicated',
  'logo',
  'logoRemoved',
] as const;
export type EditorNotice = (typeof EDITOR_NOTICES)[number];

export const EDITOR_NOTICE_LABELS: Record<EditorNotice, TranslationKey> = {
  saved: 'studio.doneSaved',
  added: 'studio.doneAdded',
  removed: 'studio.doneRemoved',
  moved: 'studio.doneMoved',
  renewed: 'studio.doneRenewed',
  created: 'studio.doneCreated',
  duplicated: 'studio.doneDuplicated',
  logo: 'studio.doneLogo',
  logoRemoved: 'studio.doneLogoRemoved',
};

/** Images a logo is made from; SVG is left out, as a file that can carry script. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export type EditorOutcome =
  | { kind: 'done'; notice: EditorNotice; anchor?: string }
  /** 400 with a message per field, the submitted values kept in the form. */
  | {
      kind: 'invalid';
      status: 400 | 409;
      errors: SettingsErrors & { logo?: TranslationKey };
      message: TranslationKey;
    }
  | { kind: 'refused'; status: 400 | 403 };

function ids(form: FormData, name: string): number[] | null {
  const values = form.getAll(name).map(String);
  if (values.some((value) => !/^[1-9]\d{0,9}$/.test(value))) return null;
  return values.map(Number);
}

export async function handleEditorPost(
  db: Db,
  storage: MediaStorage,
  account: StudioAccount,
  showcase: ShowcaseRow,
  form: FormData,
): Promise<EditorOutcome> {
  const action = formText(form, 'action');
  const manages = mayDo(account.role, 'manageShowcases');
  if (
    action === 'settings' ||
    action === 'move' ||
    action === 'renewHash' ||
    action === 'logo' ||
    action === 'removeLogo'
  ) {
    if (!manages) return { kind: 'refused', status: 403 };
  } else if (action === 'add' || action === 'remove') {
    if (!mayDo(account.role, 'addToShowcases')) return { kind: 'refused', status: 403 };
  } else {
    return { kind: 'refused', status: 400 };
  }

  if (action === 'settings') {
    const videoIds = (await listStudioShowcaseVideos(db, showcase.id)).map((v) => v.id);
    const parsed = parseShowcaseSettings((name) => (form.has(name) ? formText(form, name) : null), {
      hasPassword: showcase.passwordHash !== null,
      videoIds,
    });
    if (!parsed.ok)
      return { kind: 'invalid', status: 400, errors: parsed.errors, message: 'studio.fixErrors' };
    const outcome = await saveShowcaseSettings(
      db,
      showcase,
      parsed.settings,
      formText(form, 'version'),
    );
    if (outcome === 'conflict')
      return { kind: 'invalid', status: 409, errors: {}, message: 'studio.changedElsewhere' };
    if (outcome === 'domainTaken')
      return {
        kind: 'invalid',
        status: 400,
        errors: { domain: 'studio.domainTaken' },
        message: 'studio.fixErrors',
      };
    return { kind: 'done', notice: 'saved' };
  }

  if (action === 'logo') {
    const file = form.get('logo');
    if (!(file instanceof File) || file.size === 0)
      return {
        kind: 'invalid',
        status: 400,
        errors: { logo: 'studio.logoRequired' },
        message: 'studio.fixErrors',
      };
    if (!LOGO_TYPES.has(file.type))
      return {
        kind: 'invalid',
        status: 400,
        errors: { logo: 'studio.logoNotImage' },
        message: 'studio.fixErrors',
      };
    const scratch = await makeScratchDir('logo-upload');
    try {
      const imagePath = path.join(scratch, 'logo');
      await writeFile(imagePath, Buffer.from(await file.arrayBuffer()));
      await saveShowcaseLogo(db, storage, showcase.id, imagePath);
    } catch (error) {
      if (isMediaError(error))
        return {
          kind: 'invalid',
          status: 400,
          errors: { logo: 'studio.logoNotImage' },
          message: 'studio.fixErrors',
        };
      throw error;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return { kind: 'done', notice: 'logo', anchor: 'logo' };
  }

  if (action === 'removeLogo') {
    await removeShowcaseLogo(db, storage, showcase.id);
    return { kind: 'done', notice: 'logoRemoved', anchor: 'logo' };
  }

  if (action === 'renewHash') {
    await renewShareHash(db, showcase.id);
    return { kind: 'done', notice: 'renewed', anchor: 'privacy' };
  }

  const videoIds = ids(form, action === 'add' ? 'video' : 'videoId');
  if (!videoIds) return { kind: 'refused', status: 400 };
  // Nothing ticked is a viewer's slip, said on the editor, not a broken request.
  if (videoIds.length === 0 && action === 'add')
    return { kind: 'invalid', status: 400, errors: {}, message: 'studio.chooseToAdd' };
  if (videoIds.length === 0) return { kind: 'refused', status: 400 };
  if (action === 'add') {
    // Contributors add only what they may edit: their own uploads.
    await addShowcaseVideos(
      db,
      account.ownerId,
      showcase.id,
      manages ? videoIds : await ownUploads(db, account, videoIds),
    );
    return { kind: 'done', notice: 'added', anchor: 'videos' };
  }
  const videoId = videoIds[0]!;
  const video = (await listStudioShowcaseVideos(db, showcase.id)).find((v) => v.id === videoId);
  if (!video) return { kind: 'refused', status: 400 };
  if (action === 'remove') {
    if (!manages && !mayEditVideo(account.role, account.userId, video.uploaderId))
      return { kind: 'refused', status: 403 };
    await removeShowcaseVideo(db, showcase.id, videoId);
    return { kind: 'done', notice: 'removed', anchor: 'videos' };
  }
  const move = formText(form, 'move');
  if (!(MOVES as readonly string[]).includes(move)) return { kind: 'refused', status: 400 };
  await moveShowcaseVideo(db, showcase.id, videoId, move as Move);
  return { kind: 'done', notice: 'moved', anchor: `video-${videoId}` };
}

async function ownUploads(db: Db, account: StudioAccount, videoIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.ownerId, account.ownerId),
        eq(videos.uploaderId, account.userId),
        inArray(videos.id, videoIds),
      ),
    );
  return rows.map((row) => row.id);
}
