/**
 * Which MP4 renditions an upload gets, from the height of its source: sd at 540p always,
 * hd at 720p and 1080p, uhd at 2160p, each only where the source is at least that tall.
 * Nothing is upscaled: a source shorter than 540 gets a single sd at its own (even) height.
 */
type RenditionQuality = 'sd' | 'hd' | 'uhd';

export interface Rung {
  quality: RenditionQuality;
  height: number;
}

const RUNGS: readonly Rung[] = [
  { quality: 'sd', height: 540 },
  { quality: 'hd', height: 720 },
  { quality: 'hd', height: 1080 },
  { quality: 'uhd', height: 2160 },
];

/** The smallest picture x264 and the players handle well. */
const MIN_HEIGHT = 16;

export function renditionLadder(sourceHeight: number): Rung[] {
  if (!Number.isFinite(sourceHeight) || sourceHeight < MIN_HEIGHT)
    throw new RangeError(`source height must be at least ${MIN_HEIGHT}, got ${sourceHeight}`);
  const fitting = RUNGS.filter((rung) => rung.height <= sourceHeight);
  if (fitting.length > 0) return fitting;
  // yuv420p needs an even height.
  return [{ quality: 'sd', height: Math.floor(sourceHeight / 2) * 2 }];
}
