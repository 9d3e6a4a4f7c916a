/**
 * When the demo's host speaks in the chat of the streaming demo event, and what they say: a
 * line every 20 to 40 s, the gap drawn anew each time so it does not sound like a metronome,
 * and never the same line twice in a row.
 */

export const DEMO_CHAT_GAP_MS = { min: 20_000, max: 40_000 } as const;

/** `random` answers in [0, 1), as Math.random does. */
export type Random = () => number;

/** The wait before the next line. */
export function nextDemoChatGapMs(random: Random): number {
  return Math.round(
    DEMO_CHAT_GAP_MS.min + random() * (DEMO_CHAT_GAP_MS.max - DEMO_CHAT_GAP_MS.min),
  );
}

/** The index of the next line among `count`, other than `previous` (null before the first). */
export function nextDemoChatLine(count: number, previous: number | null, random: Random): number {
  if (count <= 1 || previous === null) return Math.min(Math.floor(random() * count), count - 1);
  // Drawn among the others: skipping over `previous` keeps the draw uniform.
  const drawn = Math.min(Math.floor(random() * (count - 1)), count - 2);
  return drawn >= previous ? drawn + 1 : drawn;
}
