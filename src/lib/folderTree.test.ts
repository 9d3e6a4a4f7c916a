import { describe, expect, it } from 'vitest';
import {
  folderAndDescendants,
  folderChoices,
  folderMoveRefusal,
  folderName,
  folderPath,
  folderTree,
} from './folderTree.ts';

// Clients (1) > Acme (2) > Launch (3); Archive (4) at the top; Beta (5) under Clients.
const rows = [
  { id: 3, parentId: 2, name: 'Launch' },
  { id: 1, parentId: null, name: 'Clients' },
  { id: 4, parentId: null, name: 'Archive' },
  { id: 2, parentId: 1, name: 'Acme' },
  { id: 5, parentId: 1, name: 'Beta' },
];

describe('folderMoveRefusal', () => {
  it('refuses a folder moved into itself', () => {
    expect(folderMoveRefusal(rows, 2, 2)).toBe('self');
  });

  it('refuses a folder moved into a child or a deeper descendant', () => {
    expect(folderMoveRefusal(rows, 1, 2)).toBe('descendant');
    expect(folderMoveRefusal(rows, 1, 3)).toBe('descendant');
  });

  it('allows a move to a sibling, to an ancestor, or to the top', () => {
    expect(folderMoveRefusal(rows, 3, 5)).toBeNull();
    expect(folderMoveRefusal(rows, 3, 1)).toBeNull();
    expect(folderMoveRefusal(rows, 3, null)).toBeNull();
    expect(folderMoveRefusal(rows, 1, 4)).toBeNull();
  });

  it('refuses folders the account does not have', () => {
    expect(folderMoveRefusal(rows, 9, null)).toBe('unknown');
    expect(folderMoveRefusal(rows, 1, 9)).toBe('unknown');
  });
});

describe('folderTree', () => {
  it('nests folders under their parents, each level by name', () => {
    const tree = folderTree(rows);
    expect(tree.map((node) => node.folder.name)).toEqual(['Archive', 'Clients']);
    const clients = tree[1]!;
    expect(clients.children.map((node) => node.folder.name)).toEqual(['Acme', 'Beta']);
    expect(clients.children[0]!.children.map((node) => node.folder.name)).toEqual(['Launch']);
  });

  it('puts a folder whose parent is not among the rows at the top', () => {
    const tree = folderTree([{ id: 7, parentId: 99, name: 'Orphan' }]);
    expect(tree.map((node) => node.folder.id)).toEqual([7]);
  });
});

describe('folderPath and folderChoices', () => {
  it('gives the path from the top down to a folder', () => {
    expect(folderPath(rows, 3).map((row) => row.name)).toEqual(['Clients', 'Acme', 'Launch']);
    expect(folderPath(rows, 42)).toEqual([]);
  });

  it('labels each choice with its path, in tree order', () => {
    expect(folderChoices(rows).map((choice) => choice.label)).toEqual([
      'Archive',
      'Clients',
      'Clients / Acme',
      'Clients / Acme / Launch',
      'Clients / Beta',
    ]);
  });

  it('finds a folder with everything below it', () => {
    expect([...folderAndDescendants(rows, 1)].sort()).toEqual([1, 2, 3, 5]);
    expect([...folderAndDescendants(rows, 4)]).toEqual([4]);
  });
});

describe('folderName', () => {
  it('trims a name and refuses an empty or overlong one', () => {
    expect(folderName('  Clients ')).toBe('Clients');
    expect(folderName('   ')).toBeNull();
    expect(folderName('x'.repeat(129))).toBeNull();
  });
});
