/**
 * Folders against a real database (PGlite in a temporary folder, or the PostgreSQL of
 * DATABASE_URL): a cycle refused, a deleted folder's subfolders moved up and its videos left
 * in no folder, the library filtered by folder, and filing a video heard by no public page;
 * the folder forms and their drag and drop refuse a viewer, file for a contributor only what
 * they uploaded, and refuse a folder dropped below itself.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('folders');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { listenForPageChanges } = await import('../db/pageChanges.ts');
const { createFolder, deleteFolder, fileVideos, findStudioFolder, listFolders, moveFolder } =
  await import('./folderStudio.ts');
const { listLibrary } = await import('./videoStudio.ts');
const { handleFolderMove, handleFolderPost } = await import('./folderEditor.ts');

const db = await getDb();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const [other] = await db
  .insert(schema.users)
  .values({ email: 'other@example.test', name: 'Other' })
  .returning();
const ownerId = owner!.id;
const videoIds = (
  await db
    .insert(schema.videos)
    .values(['Teaser', 'Interview', 'B-roll'].map((name) => ({ ownerId, name })))
    .returning()
).map((row) => row.id);
const [teaser, interview, broll] = videoIds as [number, number, number];

const heard: string[] = [];
const changes = await listenForPageChanges({
  onChange: (table) => heard.push(table),
  onGap: () => {},
});

const library = (folder: number | null) =>
  listLibrary(db, ownerId, { text: '', privacy: null, status: null, folder, page: 1 });

describe('folders', () => {
  it('nests folders of one account and refuses a parent of another', async () => {
    const clients = (await createFolder(db, ownerId, 'Clients', null))!;
    const acme = (await createFolder(db, ownerId, 'Acme', clients))!;
    const theirs = (await createFolder(db, other!.id, 'Theirs', null))!;
    expect(await createFolder(db, ownerId, 'Stray', theirs)).toBeNull();
    expect((await findStudioFolder(db, ownerId, acme))?.parentId).toBe(clients);
    expect(await findStudioFolder(db, ownerId, theirs)).toBeNull();
  });

  it('refuses a move into itself or a descendant and allows one to the top', async () => {
    const rows = await listFolders(db, ownerId);
    const clients = rows.find((row) => row.name === 'Clients')!.id;
    const acme = rows.find((row) => row.name === 'Acme')!.id;
    expect(await moveFolder(db, ownerId, clients, acme)).toBe('descendant');
    expect(await moveFolder(db, ownerId, acme, acme)).toBe('self');
    expect((await findStudioFolder(db, ownerId, clients))?.parentId).toBeNull();
    expect(await moveFolder(db, ownerId, acme, null)).toBeNull();
    expect(await moveFolder(db, ownerId, acme, clients)).toBeNull();
  });

  it('files videos, counts them, and filters the library by folder', async () => {
    const acme = (await listFolders(db, ownerId)).find((row) => row.name === 'Acme')!.id;
    await changes.caughtUp();
    heard.length = 0;
    await fileVideos(db, [teaser, interview], acme);
    await changes.caughtUp();
    expect(heard).not.toContain('videos');
    expect((await findStudioFolder(db, ownerId, acme))?.videoCount).toBe(2);
    const filed = await library(acme);
    expect(filed.items.map((video) => video.name).sort()).toEqual(['Interview', 'Teaser']);
    expect((await library(null)).total).toBe(3);
    await fileVideos(db, [broll], null);
    expect((await library(acme)).total).toBe(2);
  });

  it('deletes a folder: its subfolders move up, its videos are in no folder', async () => {
    const rows = await listFolders(db, ownerId);
    const clients = rows.find((row) => row.name === 'Clients')!.id;
    const acme = rows.find((row) => row.name === 'Acme')!.id;
    const launch = (await createFolder(db, ownerId, 'Launch', acme))!;
    await deleteFolder(db, ownerId, acme);
    expect(await findStudioFolder(db, ownerId, acme)).toBeNull();
    expect((await findStudioFolder(db, ownerId, launch))?.parentId).toBe(clients);
    const [video] = await db
      .select({ folderId: schema.videos.folderId })
      .from(schema.videos)
      .where(eq(schema.videos.id, teaser));
    expect(video?.folderId).toBeNull();
  });
});

describe('the folder forms', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const as = (role: 'Viewer' | 'Contributor', userId: number) => ({
    userId,
    ownerId,
    ownerName: 'Owner',
    role,
  });

  it('refuses a viewer and files for a contributor only what they uploaded', async () => {
    const target = (await createFolder(db, ownerId, 'Reviews', null))!;
    const folder = (await findStudioFolder(db, ownerId, target))!;
    const viewer = as('Viewer', other!.id);
    expect(await handleFolderPost(db, viewer, null, form({ action: 'create', name: 'X' }))).toEqual(
      { kind: 'refused' },
    );
    const [own] = await db
      .insert(schema.videos)
      .values({ ownerId, uploaderId: other!.id, name: 'Their cut' })
      .returning();
    const contributor = as('Contributor', other!.id);
    const file = (video: number) =>
      handleFolderPost(
        db,
        contributor,
        folder,
        form({ action: 'file', video: String(video), folderId: String(target) }),
      );
    expect(await file(broll)).toEqual({
      kind: 'invalid',
      message: 'library.bulkNothingChosen',
    });
    expect(await file(own!.id)).toMatchObject({ kind: 'done', notice: 'filed', count: 1 });
    expect((await library(target)).items.map((video) => video.name)).toEqual(['Their cut']);
  });

  it('refuses an empty name and a move under its own subfolder, with the reason', async () => {
    const owner = { userId: ownerId, ownerId, ownerName: 'Owner', role: 'Owner' as const };
    const top = (await createFolder(db, ownerId, 'Top', null))!;
    const below = (await createFolder(db, ownerId, 'Below', top))!;
    const folder = (await findStudioFolder(db, ownerId, top))!;
    expect(
      await handleFolderPost(db, owner, folder, form({ action: 'rename', name: '  ' })),
    ).toEqual({ kind: 'invalid', message: 'folders.nameInvalid' });
    expect(
      await handleFolderPost(db, owner, folder, form({ action: 'move', folderId: String(below) })),
    ).toEqual({ kind: 'invalid', message: 'folders.refusedDescendant' });
  });

  it('moves what is dropped: a video into a folder or none, a folder never below itself', async () => {
    const owner = { userId: ownerId, ownerId, ownerName: 'Owner', role: 'Owner' as const };
    const shelf = (await createFolder(db, ownerId, 'Shelf', null))!;
    const box = (await createFolder(db, ownerId, 'Box', shelf))!;
    const drop = (kind: 'video' | 'folder', id: number, to: number | null) =>
      handleFolderMove(db, owner, { kind, id, to });
    expect(await drop('video', teaser, box)).toEqual({ kind: 'done' });
    expect((await library(box)).items.map((video) => video.name)).toEqual(['Teaser']);
    expect(await drop('video', teaser, null)).toEqual({ kind: 'done' });
    expect((await library(box)).items).toEqual([]);
    expect(await drop('folder', shelf, box)).toEqual({
      kind: 'invalid',
      message: 'folders.refusedDescendant',
    });
    expect((await findStudioFolder(db, ownerId, shelf))?.parentId).toBeNull();
    expect(await drop('folder', box, null)).toEqual({ kind: 'done' });
    expect(await drop('folder', shelf, box)).toEqual({ kind: 'done' });
    expect((await findStudioFolder(db, ownerId, shelf))?.parentId).toBe(box);
  });

  it("refuses a dropped move of a viewer, of a video not theirs, or to a folder not the account's", async () => {
    const theirs = (await createFolder(db, other!.id, 'Elsewhere', null))!;
    const mine = (await createFolder(db, ownerId, 'Mine', null))!;
    expect(
      await handleFolderMove(db, as('Viewer', other!.id), { kind: 'video', id: teaser, to: mine }),
    ).toEqual({ kind: 'refused' });
    expect(
      await handleFolderMove(db, as('Contributor', other!.id), {
        kind: 'video',
        id: interview,
        to: mine,
      }),
    ).toEqual({ kind: 'invalid', message: 'library.bulkNothingChosen' });
    const owner = { userId: ownerId, ownerId, ownerName: 'Owner', role: 'Owner' as const };
    expect(await handleFolderMove(db, owner, { kind: 'video', id: teaser, to: theirs })).toEqual({
      kind: 'invalid',
      message: 'folders.chooseFolder',
    });
  });
});
