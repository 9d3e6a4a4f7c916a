/**
 * The size of an oEmbed answer's player. The player frame is a 16:9 box, so the answer keeps
 * 16:9 and fits inside the consumer's maxwidth and maxheight without ever growing past the
 * natural size: a huge maxwidth gets the natural size, not a blown-up player.
 *
 * maxwidth and maxheight are optional; given, each must be a whole number of pixels from 1
 * (anything else, 0 and negative numbers included, is the consumer's mistake: a 400, since
 * guessing would hand out a player of a size nobody asked for).
 */
export interface PlayerSize {
  width: number;
  height: number;
}

export interface EmbedBounds {
  maxWidth: number | null;
  maxHeight: number | null;
}

/** The widest player handed out unasked: the largest embed size of the share dialog (embedCode.ts). */
const LARGEST_NATURAL_WIDTH = 1280;

/** The natural size of a player for a video `width` pixels wide, 16:9: as wide as the video, up to 1280 (unknown: 1280). */
export function naturalPlayerSize(videoWidth: number | null | undefined): PlayerSize {
  const width =
    videoWidth && videoWidth > 0
      ? Math.min(Math.round(videoWidth), LARGEST_NATURAL_WIDTH)
      : LARGEST_NATURAL_WIDTH;
  return { width, height: Math.round((width * 9) / 16) };
}

const DIGITS = /^[0-9]{1,9}$/;

/** A maxwidth or maxheight parameter: null when absent, 'invalid' when not a whole number from 1. */
export function parseMaxDimension(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  if (!DIGITS.test(raw)) return 'invalid';
  const value = Number(raw);
  return value >= 1 ? value : 'invalid';
}

/** The largest 16:9 size within the bounds and the natural size, never under 1 pixel. */
export function fitEmbed(natural: PlayerSize, { maxWidth, maxHeight }: EmbedBounds): PlayerSize {
  let width = Math.min(natural.width, maxWidth ?? Number.POSITIVE_INFINITY);
  if (maxHeight !== null && (width * 9) / 16 > maxHeight) width = Math.floor((maxHeight * 16) / 9);
  width = Math.max(1, width);
  return {
    width,
    height: Math.max(
      1,
      Math.min(Math.round((width * 9) / 16), maxHeight ?? Number.POSITIVE_INFINITY),
    ),
  };
}
