/**
 * A resumable upload kept in an object store as pieces of a fixed size: piece i holds bytes
 * [i × size, (i + 1) × size). Every piece but the last is whole, so the pieces an offset has
 * are known from the offset alone, and a piece written again after an interruption replaces
 * itself under the same name.
 */

/** The uploader sends chunks of this size: one piece a request. */
export const PIECE_BYTES = 8 * 1024 * 1024;

/** How many pieces hold the first `offset` bytes. */
export function pieceCount(offset: number, pieceBytes = PIECE_BYTES): number {
  return Math.ceil(offset / pieceBytes);
}

/** Where writing at `offset` resumes: the piece it falls in and how many of its bytes are kept. */
export function resumePoint(
  offset: number,
  pieceBytes = PIECE_BYTES,
): { index: number; kept: number } {
  return { index: Math.floor(offset / pieceBytes), kept: offset % pieceBytes };
}

/** A piece's name, in an order that sorts as the bytes do. */
export function pieceName(index: number): string {
  return `piece-${String(index).padStart(8, '0')}`;
}
