/**
 * SPEC §9: "Event names truncated at 60 characters." Characters are what a reader counts:
 * grapheme clusters, so an emoji or a letter with its accents is never cut in half.
 */

export const EVENT_NAME_MAX = 60;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The name as shown: its first 60 characters and an ellipsis when it is longer. */
export function truncateEventName(name: string, max = EVENT_NAME_MAX): string {
  const graphemes = Array.from(segmenter.segment(name), (s) => s.segment);
  if (graphemes.length <= max) return name;
  return `${graphemes.slice(0, max).join('').trimEnd()}…`;
}
