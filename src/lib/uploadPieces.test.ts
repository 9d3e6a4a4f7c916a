import { describe, expect, it } from 'vitest';
import { pieceCount, pieceName, resumePoint } from './uploadPieces.ts';

describe('upload pieces', () => {
  it('counts the pieces that hold an offset, the last one partial', () => {
    expect(pieceCount(0, 10)).toBe(0);
    expect(pieceCount(1, 10)).toBe(1);
    expect(pieceCount(10, 10)).toBe(1);
    expect(pieceCount(11, 10)).toBe(2);
  });

  it('resumes at the start of a piece, or inside the partial one keeping its bytes', () => {
    expect(resumePoint(0, 10)).toEqual({ index: 0, kept: 0 });
    expect(resumePoint(20, 10)).toEqual({ index: 2, kept: 0 });
    expect(resumePoint(23, 10)).toEqual({ index: 2, kept: 3 });
  });

  it('names pieces so that they sort as their bytes do', () => {
    const names = [10, 2, 100].map((index) => pieceName(index));
    expect([...names].sort()).toEqual([pieceName(2), pieceName(10), pieceName(100)]);
  });
});
