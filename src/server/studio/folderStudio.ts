/**
 * The library's folders of an account (/manage/folders and the API's "projects"): listing
 * them with how many videos each holds, one folder, creating, renaming, moving (cycles are
 * refused by src/lib/folderTree.ts) and deleting one, and filing videos in a folder. A
 * deleted folder's videos go back to no folder and its subfolders move up to its parent.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { folderMoveRefusal, type FolderMoveRefusal } from '../../lib/folderTree.ts';
import type { Db } from '../db/client.ts';
import { folders, videos } from '../db/schema.ts';

export interface StudioFolder {
  id: number;
  parentId: number | null;
  name: string;
  videoCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const folderColumns = {
  id: folders.id,
  parentId: folders.parentId,
  name: folders.name,
  // Qualified by hand: drizzle writes a selected column unqualified, and "id" would be the video's.
  videoCount: sql<number>`(select count(*)::int from ${videos} filed where filed.folder_id = "folders"."id")`,
  createdAt: folders.createdAt,
  updatedAt: folders.updatedAt,
};

/** Every folder of the account, by name. */
export async function listFolders(db: Db, ownerId: number): Promise<StudioFolder[]> {
  return db
    .select(folderColumns)
    .from(folders)
    .where(eq(folders.ownerId, ownerId))
    .orderBy(asc(folders.name), asc(folders.id));
}

/** A page of the account's folders, newest first (the API's /me/projects). */
export async function listFolderPage(
  db: Db,
  ownerId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ total: number; items: StudioFolder[] }> {
  const where = eq(folders.ownerId, ownerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(folderColumns)
      .from(folders)
      .where(where)
      .orderBy(desc(folders.createdAt), desc(folders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(folders).where(where),
  ]);
  return { total: counted?.n ?? 0, items: rows };
}

export async function findStudioFolder(
  db: Db,
  ownerId: number,
  folderId: number,
): Promise<StudioFolder | null> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .where(and(eq(folders.ownerId, ownerId), eq(folders.id, folderId)))
    .limit(1);
  return row ?? null;
}

/** A new folder at the top or under one of the account's folders; null when that parent is not the account's. */
export async function createFolder(
  db: Db,
  ownerId: number,
  name: string,
  parentId: number | null,
): Promise<number | null> {
  if (parentId !== null && !(await findStudioFolder(db, ownerId, parentId))) return null;
  const [row] = await db
    .insert(folders)
    .values({ ownerId, name, parentId })
    .returning({ id: folders.id });
  return row!.id;
}

export async function renameFolder(
  db: Db,
  ownerId: number,
  folderId: number,
  name: string,
): Promise<void> {
  await db
    .update(folders)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(folders.ownerId, ownerId), eq(folders.id, folderId)));
}

/** Moves a folder under another (null: to the top); why not, when that would make a cycle. */
export async function moveFolder(
  db: Db,
  ownerId: number,
  folderId: number,
  parentId: number | null,
): Promise<FolderMoveRefusal | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
      .from(folders)
      .where(eq(folders.ownerId, ownerId))
      .for('update');
    const refusal = folderMoveRefusal(rows, folderId, parentId);
    if (refusal) return refusal;
    await tx
      .update(folders)
      .set({ parentId, updatedAt: new Date() })
      .where(eq(folders.id, folderId));
    return null;
  });
}

/** Deletes a folder: its videos go back to no folder, its subfolders move up to its parent. */
export async function deleteFolder(db: Db, ownerId: number, folderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [folder] = await tx
      .select({ parentId: folders.parentId })
      .from(folders)
      .where(and(eq(folders.ownerId, ownerId), eq(folders.id, folderId)))
      .for('update');
    if (!folder) return;
    await tx
      .update(folders)
      .set({ parentId: folder.parentId, updatedAt: new Date() })
      .where(eq(folders.parentId, folderId));
    await tx.update(videos).set({ folderId: null }).where(eq(videos.folderId, folderId));
    await tx.delete(folders).where(eq(folders.id, folderId));
  });
}

/** Files the videos in a folder (null: in none); the caller has checked both are the account's. */
export async function fileVideos(
  db: Db,
  videoIds: readonly number[],
  folderId: number | null,
): Promise<void> {
  if (videoIds.length === 0) return;
  await db
    .update(videos)
    .set({ folderId })
    .where(inArray(videos.id, [...videoIds]));
}

/** The videos filed directly in the folder, newest first. */
export async function folderVideoIds(db: Db, folderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.folderId, folderId))
    .orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map((row) => row.id);
}
