/**
 * The renditions a live stream is packaged into, from what the encoder sends. Live transcoding
 * runs in real time, so the ladder is short (at most three rungs), never taller than the source
 * or LIVE_MAX_HEIGHT, and a tall source above 30 fps is halved: a 4K 60 fps push becomes
 * 1080p30 and below rather than a stream the machine cannot keep up with.
 */
interface LiveRung {
  /** Folder and playlist name of the rendition, e.g. '720p'. */
  name: string;
  height: number;
  videoKbps: number;
}

export interface LiveLadder {
  rungs: LiveRung[];
  /** Output frame rate, or null to keep the source's. */
  fps: number | null;
}

const KBPS_AT: readonly [height: number, kbps: number][] = [
  [1080, 4500],
  [720, 2500],
  [480, 1200],
  [360, 800],
  [240, 400],
];
/** Rungs below the top, each at most two thirds the height of the one above it. */
const LOWER_RUNGS = [720, 360, 240];
const MAX_RUNGS = 3;
const MAX_FULL_RATE_HEIGHT = 720;
const FALLBACK_HEIGHT = 720;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Bitrate in proportion to height, from the nearest standard height at or below it. */
function kbpsFor(height: number): number {
  const [refHeight, refKbps] = KBPS_AT.find(([h]) => h <= height) ?? KBPS_AT[KBPS_AT.length - 1]!;
  return Math.round((refKbps * height) / refHeight);
}

export function liveLadder(
  source: { height: number; fps: number | null },
  maxHeight: number,
): LiveLadder {
  const heights = [even(Math.min(source.height > 0 ? source.height : FALLBACK_HEIGHT, maxHeight))];
  for (const height of LOWER_RUNGS) {
    if (heights.length < MAX_RUNGS && height <= heights[heights.length - 1]! * (2 / 3) + 1)
      heights.push(height);
  }
  const rungs = heights.map((height) => ({
    name: `${height}p`,
    height,
    videoKbps: kbpsFor(height),
  }));
  const halved = source.fps !== null && source.fps > 30 && heights[0]! > MAX_FULL_RATE_HEIGHT;
  return { rungs, fps: halved ? Math.min(30, Math.round(source.fps! / 2)) : null };
}
