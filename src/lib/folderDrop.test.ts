import { describe, expect, it } from 'vitest';
import { dropMove, parseDragItem, parseFolderMove, parseFolderRef } from './folderDrop.ts';

describe('dropMove', () => {
  describe('given a video filed in folder 3', () => {
    const video = { kind: 'video', id: 7, from: 3 } as const;

    it('files it in the folder it is dropped on', () => {
      expect(dropMove(video, 4)).toEqual({ kind: 'video', id: 7, to: 4 });
    });

    it('files it in no folder when dropped on the top', () => {
      expect(dropMove(video, null)).toEqual({ kind: 'video', id: 7, to: null });
    });

    it('asks for nothing when dropped on the folder it is in', () => {
      expect(dropMove(video, 3)).toBeNull();
    });
  });

  describe('given folder 2 inside folder 1', () => {
    const folder = { kind: 'folder', id: 2, from: 1 } as const;

    it('puts it in the folder it is dropped on, even one below it (the server refuses that)', () => {
      expect(dropMove(folder, 5)).toEqual({ kind: 'folder', id: 2, to: 5 });
      expect(dropMove(folder, null)).toEqual({ kind: 'folder', id: 2, to: null });
    });

    it('asks for nothing when dropped on itself or on the folder it is in', () => {
      expect(dropMove(folder, 2)).toBeNull();
      expect(dropMove(folder, 1)).toBeNull();
    });
  });

  it('asks for nothing when a top-level video is dropped on the top', () => {
    expect(dropMove({ kind: 'video', id: 7, from: null }, null)).toBeNull();
  });
});

describe('parseFolderRef', () => {
  it('reads an id, or none for no folder', () => {
    expect(parseFolderRef('12')).toBe(12);
    expect(parseFolderRef('none')).toBeNull();
  });

  it('is undefined for anything else', () => {
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '12345678901'])
      expect(parseFolderRef(raw)).toBeUndefined();
  });
});

describe('parseDragItem', () => {
  it('reads a dragged video and the folder it is in', () => {
    expect(parseDragItem({ dragKind: 'video', dragId: '7', dragFrom: '3' })).toEqual({
      kind: 'video',
      id: 7,
      from: 3,
    });
    expect(parseDragItem({ dragKind: 'folder', dragId: '2', dragFrom: 'none' })).toEqual({
      kind: 'folder',
      id: 2,
      from: null,
    });
  });

  it('is null for a row that is not draggable', () => {
    expect(parseDragItem({ dragId: '7', dragFrom: '3' })).toBeNull();
    expect(parseDragItem({ dragKind: 'showcase', dragId: '7', dragFrom: '3' })).toBeNull();
    expect(parseDragItem({ dragKind: 'video', dragId: 'x', dragFrom: '3' })).toBeNull();
    expect(parseDragItem({ dragKind: 'video', dragId: '7' })).toBeNull();
  });
});

describe('parseFolderMove', () => {
  it('reads a move to a folder or to none', () => {
    expect(parseFolderMove({ kind: 'video', id: 7, to: 3 })).toEqual({
      kind: 'video',
      id: 7,
      to: 3,
    });
    expect(parseFolderMove({ kind: 'folder', id: 2, to: null })).toEqual({
      kind: 'folder',
      id: 2,
      to: null,
    });
  });

  it('is null for a body that is not a move', () => {
    expect(parseFolderMove({ kind: 'video', id: 7 })).toBeNull();
    expect(parseFolderMove({ kind: 'album', id: 7, to: 3 })).toBeNull();
    expect(parseFolderMove({ kind: 'video', id: '7', to: 3 })).toBeNull();
    expect(parseFolderMove({ kind: 'video', id: 7, to: 0 })).toBeNull();
    expect(parseFolderMove({ kind: 'folder', id: 1.5, to: null })).toBeNull();
  });
});
