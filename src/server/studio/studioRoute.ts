/**
 * The route data of a studio page, computed once by the studio step of src/middleware.ts
 * before the page runs, and read from `Astro.locals.studio`: the account worked in and the
 * viewer's role in it, what that role may do, and the record the address names. The gate is
 * passed here too: signed in, allowed the page's action (src/lib/studioPermissions.ts), and
 * the record found in the account worked in; else the sign-in redirect, 403 or 404.
 */
import type { APIContext } from 'astro';
import { studioAbilities, type StudioAbilities } from '../../lib/studioPermissions.ts';
import type { StudioAction } from '../../lib/studioPermissions.ts';
import { getDb, type Db } from '../db/client.ts';
import { parseId } from '../http/apiResponse.ts';
import { pageError } from '../http/errorResponse.ts';
import { findStudioEvent, type StudioEvent } from './eventStudio.ts';
import { findStudioFolder, type StudioFolder } from './folderStudio.ts';
import { findStudioShowcase, type ShowcaseRow } from './showcaseStudio.ts';
import { studioPageGate, type StudioAccount } from './studioAccount.ts';
import { uploadStatus, type UploadStatus } from './uploadStatus.ts';
import { findStudioVideo, type StudioVideo } from './videoStudio.ts';

/** The record each kind of studio address names. */
interface StudioRecords {
  none: null;
  video: StudioVideo;
  event: StudioEvent;
  showcase: ShowcaseRow;
  folder: StudioFolder;
  upload: UploadStatus;
}
export type StudioRecordKind = keyof StudioRecords;

export interface StudioRoute<K extends StudioRecordKind = StudioRecordKind> {
  account: StudioAccount;
  abilities: StudioAbilities;
  kind: K;
  record: StudioRecords[K];
}

interface StudioPage {
  /** What the viewer's role must allow to open the page; null: being signed in is enough. */
  action: StudioAction | null;
  record: StudioRecordKind;
}

/** Every studio page, by Astro's route pattern. */
const STUDIO_PAGES: Readonly<Record<string, StudioPage>> = {
  '/home': { action: null, record: 'none' },
  '/manage/events': { action: 'read', record: 'none' },
  '/manage/events/[clipId]': { action: 'read', record: 'event' },
  '/manage/folders': { action: 'read', record: 'none' },
  '/manage/folders/[folderId]': { action: 'read', record: 'folder' },
  '/manage/showcases': { action: 'read', record: 'none' },
  '/manage/showcases/[albumId]': { action: 'read', record: 'showcase' },
  '/manage/showcases/[albumId]/analytics': { action: 'read', record: 'showcase' },
  '/manage/showcases/[albumId]/analytics.csv': { action: 'read', record: 'showcase' },
  '/manage/team': { action: 'manageTeam', record: 'none' },
  // Every role has a library page: one that may not read it is told so there.
  '/manage/videos': { action: null, record: 'none' },
  '/manage/videos/[clipId]': { action: 'read', record: 'video' },
  '/manage/videos/[clipId]/analytics': { action: 'read', record: 'video' },
  '/manage/videos/[clipId]/analytics.csv': { action: 'read', record: 'video' },
  '/manage/videos/[clipId]/privacy': { action: 'read', record: 'video' },
  '/manage/videos/[clipId]/review': { action: 'read', record: 'video' },
  '/upload': { action: 'upload', record: 'none' },
  '/upload/videos': { action: 'upload', record: 'none' },
  '/upload/videos/[uploadId]': { action: 'upload', record: 'upload' },
};

/** The studio page a route pattern is, or undefined for the rest of the site. */
function studioPageOf(routePattern: string): StudioPage | undefined {
  return Object.hasOwn(STUDIO_PAGES, routePattern) ? STUDIO_PAGES[routePattern] : undefined;
}

type RecordLoader = (
  db: Db,
  account: StudioAccount,
  params: APIContext['params'],
) => Promise<StudioRecords[StudioRecordKind] | undefined>;

const byId =
  <T>(param: string, find: (db: Db, ownerId: number, id: number) => Promise<T | null>) =>
  async (db: Db, account: StudioAccount, params: APIContext['params']) => {
    const id = parseId(params[param]);
    return (id === null ? null : await find(db, account.ownerId, id)) ?? undefined;
  };

/** Looks up the record the address names in the account worked in; undefined: there is none. */
const LOADERS: Record<StudioRecordKind, RecordLoader> = {
  none: async () => null,
  video: byId('clipId', findStudioVideo),
  event: byId('clipId', findStudioEvent),
  showcase: byId('albumId', findStudioShowcase),
  folder: byId('folderId', findStudioFolder),
  // An upload is the uploader's own, whatever account they work in.
  upload: async (db, account, params) =>
    (await uploadStatus(db, params['uploadId'] ?? '', account.userId)) ?? undefined,
};

type StudioContext = Pick<
  APIContext,
  'locals' | 'cookies' | 'redirect' | 'rewrite' | 'request' | 'url' | 'params' | 'routePattern'
>;

/**
 * Gates a studio page and puts its route data in `locals.studio`; the answer to send instead
 * when the viewer may not open it. The rest of the site passes untouched, without a read.
 */
export async function loadStudioRoute(context: StudioContext): Promise<Response | null> {
  const page = studioPageOf(context.routePattern);
  if (!page) return null;
  const db = await getDb();
  const gate = await studioPageGate(db, context, page.action);
  if (!gate.ok) return gate.response;
  const record = await LOADERS[page.record](db, gate.account, context.params);
  if (record === undefined) return pageError(context, 404);
  context.locals.studio = {
    account: gate.account,
    abilities: studioAbilities(gate.account.role),
    kind: page.record,
    record,
  };
  return null;
}

/** The route data of the studio page being rendered, with the record its address names. */
export function studioRoute<K extends StudioRecordKind>(
  locals: App.Locals,
  kind: K,
): StudioRoute<K> {
  const route = locals.studio;
  if (route?.kind !== kind) throw new Error(`Not a studio page naming a ${kind} record`);
  return route as StudioRoute<K>;
}
