/**
 * An account's library folders as a tree (/manage/folders): nesting them for display, the
 * path from the top to one, the choices of a destination select, and whether a folder may
 * move under another. A folder moved into itself or one of its own descendants would leave
 * a cycle no page could show, so that move is refused.
 */

export const FOLDER_NAME_MAX = 128;

export interface FolderRow {
  id: number;
  parentId: number | null;
  name: string;
}

export interface FolderNode<T extends FolderRow = FolderRow> {
  folder: T;
  children: FolderNode<T>[];
}

const byName = (a: FolderRow, b: FolderRow) => a.name.localeCompare(b.name) || a.id - b.id;

/** The folders nested under their parents, each level by name; a folder whose parent is missing sits at the top. */
export function folderTree<T extends FolderRow>(rows: readonly T[]): FolderNode<T>[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const seen = new Set<number>();
  const level = (parent: number | null): FolderNode<T>[] =>
    [...(children.get(parent) ?? [])]
      .sort(byName)
      .filter((folder) => !seen.has(folder.id) && seen.add(folder.id))
      .map((folder) => ({ folder, children: level(folder.id) }));
  return level(null);
}

/** The folders from the top down to `id`, itself last; empty when there is no such folder. */
export function folderPath<T extends FolderRow>(rows: readonly T[], id: number): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: T[] = [];
  for (let at = byId.get(id); at && !path.includes(at); at = byId.get(at.parentId ?? -1))
    path.unshift(at);
  return path;
}

/** Every folder depth first in tree order, labelled with its path ("Clients / Acme"), for a select. */
export function folderChoices(rows: readonly FolderRow[]): { id: number; label: string }[] {
  const choices: { id: number; label: string }[] = [];
  const walk = (nodes: FolderNode[], above: string) => {
    for (const node of nodes) {
      const label = above ? `${above} / ${node.folder.name}` : node.folder.name;
      choices.push({ id: node.folder.id, label });
      walk(node.children, label);
    }
  };
  walk(folderTree(rows), '');
  return choices;
}

/** `id` and every folder below it. */
export function folderAndDescendants(rows: readonly FolderRow[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows)
      if (row.parentId !== null && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
  }
  return found;
}

export type FolderMoveRefusal = 'self' | 'descendant' | 'unknown';

/**
 * Why `id` may not move under `parentId` (null: to the top), or null when it may: into
 * itself, into one of its descendants, or to a folder the account does not have.
 */
export function folderMoveRefusal(
  rows: readonly FolderRow[],
  id: number,
  parentId: number | null,
): FolderMoveRefusal | null {
  const ids = new Set(rows.map((row) => row.id));
  if (!ids.has(id) || (parentId !== null && !ids.has(parentId))) return 'unknown';
  if (parentId === id) return 'self';
  if (parentId !== null && folderAndDescendants(rows, id).has(parentId)) return 'descendant';
  return null;
}

/** A folder name as typed: trimmed, at most FOLDER_NAME_MAX characters; null when empty or too long. */
export function folderName(raw: string): string | null {
  const name = raw.trim();
  return name && [...name].length <= FOLDER_NAME_MAX ? name : null;
}
