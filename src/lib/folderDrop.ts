/**
 * Moving by drag and drop in the library's folders (/manage/folders, a folder's page,
 * /manage/videos): what a dragged row is, the move its drop on a folder asks for, and that
 * move as the JSON body POST /manage/folders/move reads. Shared by the page's custom element
 * and the route, so both read the same words; whether a folder may go where it was dropped
 * (never into itself or below itself) stays with folderMoveRefusal in folderTree.ts.
 */

/** A dragged row: a video and the folder it is in, or a folder and the one it is in (null: none, the top). */
export interface DragItem {
  kind: 'video' | 'folder';
  id: number;
  from: number | null;
}

/** A video filed in a folder, or a folder put in another; `to` null: no folder, the top. */
export interface FolderMove {
  kind: 'video' | 'folder';
  id: number;
  to: number | null;
}

const ID = /^[1-9]\d{0,9}$/;

/** A folder as a page writes it in `data-drop-folder` and `data-drag-from`: its id, or 'none'. */
export function parseFolderRef(raw: string | undefined): number | null | undefined {
  if (raw === 'none') return null;
  return raw !== undefined && ID.test(raw) ? Number(raw) : undefined;
}

/** The dragged row a page describes in `data-drag-kind`, `data-drag-id` and `data-drag-from`; null when it is not one. */
export function parseDragItem(data: {
  dragKind?: string;
  dragId?: string;
  dragFrom?: string;
}): DragItem | null {
  const from = parseFolderRef(data.dragFrom);
  if (data.dragKind !== 'video' && data.dragKind !== 'folder') return null;
  if (!data.dragId || !ID.test(data.dragId) || from === undefined) return null;
  return { kind: data.dragKind, id: Number(data.dragId), from };
}

/**
 * The move a drop of `item` on folder `target` (null: no folder, the top) asks for; null when
 * it would leave the item where it is: dropped on the folder it is already in, or a folder
 * dropped on itself.
 */
export function dropMove(item: DragItem, target: number | null): FolderMove | null {
  if (target === item.from) return null;
  if (item.kind === 'folder' && target === item.id) return null;
  return { kind: item.kind, id: item.id, to: target };
}

/** A move as POST /manage/folders/move receives it (`{kind, id, to}`); null when the body is not one. */
export function parseFolderMove(body: Record<string, unknown>): FolderMove | null {
  const { kind, id, to } = body;
  if (kind !== 'video' && kind !== 'folder') return null;
  const valid = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  if (!valid(id) || (to !== null && !valid(to))) return null;
  return { kind, id: id as number, to: to as number | null };
}
