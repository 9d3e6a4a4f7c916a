/**
 * The manual order of a showcase ("arranged", SPEC §3 sort map): moves of one video (up,
 * down, to the top) and a whole new order from drag and drop, which must name exactly the
 * showcase's videos, each once.
 */
export const MOVES = ['up', 'down', 'top'] as const;
export type Move = (typeof MOVES)[number];

/** The order after moving `videoId`; the same order when the move goes nowhere or the id is not there. */
export function moveInOrder(order: readonly number[], videoId: number, move: Move): number[] {
  const from = order.indexOf(videoId);
  if (from === -1) return [...order];
  const to =
    move === 'top'
      ? 0
      : move === 'up'
        ? Math.max(0, from - 1)
        : Math.min(order.length - 1, from + 1);
  const next = order.filter((id) => id !== videoId);
  next.splice(to, 0, videoId);
  return next;
}

export type ReorderCheck = { ok: true } | { ok: false; reason: 'unknown' | 'missing' | 'repeated' };

/** Is `proposed` a reordering of `current`? Unknown ids, repeats and left-out videos are refused. */
export function checkReorder(
  current: readonly number[],
  proposed: readonly number[],
): ReorderCheck {
  const known = new Set(current);
  if (proposed.some((id) => !known.has(id))) return { ok: false, reason: 'unknown' };
  if (new Set(proposed).size !== proposed.length) return { ok: false, reason: 'repeated' };
  if (proposed.length !== current.length) return { ok: false, reason: 'missing' };
  return { ok: true };
}
