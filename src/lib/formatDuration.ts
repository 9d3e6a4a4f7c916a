/**
 * Video durations for cards and players.
 *
 * SPEC §9: "Duration mm:ss, hh:mm:ss from 60 hours". Read as: under one hour the
 * label is mm:ss; from one hour (60 minutes) on it is hh:mm:ss. Fields are zero-padded
 * to two digits; hours simply grow past 99 rather than wrapping.
 */

/** Whole, non-negative seconds; anything unusable (NaN, negative, infinite) counts as zero. */
function wholeSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor(seconds);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 7 → '00:07', 245 → '04:05', 3725 → '01:02:05'. */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours === 0) return `${pad2(minutes)}:${pad2(secs)}`;
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(secs)}`;
}
