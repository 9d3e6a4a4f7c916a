/**
 * Keyboard controls of the player frame, on top of the browser's own: the keys viewers know
 * from the big video sites. Pure: a key press in, an action out.
 */

export type PlayerAction =
  | { kind: 'toggle-play' }
  | { kind: 'seek-by'; seconds: number }
  | { kind: 'seek-to-fraction'; fraction: number }
  | { kind: 'volume-by'; delta: number }
  | { kind: 'toggle-mute' }
  | { kind: 'toggle-fullscreen' }
  | { kind: 'toggle-captions' };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const SEEK_SECONDS = 5;
const LONG_SEEK_SECONDS = 10;
const VOLUME_STEP = 0.1;

/** The action for a key press, or null for keys the frame leaves to the browser. */
export function playerActionFor({ key, ctrlKey, metaKey, altKey }: KeyPress): PlayerAction | null {
  if (ctrlKey || metaKey || altKey) return null;
  if (/^[0-9]$/.test(key)) return { kind: 'seek-to-fraction', fraction: Number(key) / 10 };
  switch (key.toLowerCase()) {
    case 'k':
    case ' ':
      return { kind: 'toggle-play' };
    case 'arrowleft':
      return { kind: 'seek-by', seconds: -SEEK_SECONDS };
    case 'arrowright':
      return { kind: 'seek-by', seconds: SEEK_SECONDS };
    case 'j':
      return { kind: 'seek-by', seconds: -LONG_SEEK_SECONDS };
    case 'l':
      return { kind: 'seek-by', seconds: LONG_SEEK_SECONDS };
    case 'arrowup':
      return { kind: 'volume-by', delta: VOLUME_STEP };
    case 'arrowdown':
      return { kind: 'volume-by', delta: -VOLUME_STEP };
    case 'm':
      return { kind: 'toggle-mute' };
    case 'f':
      return { kind: 'toggle-fullscreen' };
    case 'c':
      return { kind: 'toggle-captions' };
    default:
      return null;
  }
}

/** Where a seek lands: within the video, never before 0 or past the end. */
export function seekTarget(
  current: number,
  duration: number,
  action: Extract<PlayerAction, { kind: 'seek-by' | 'seek-to-fraction' }>,
): number {
  const known = Number.isFinite(duration) && duration > 0;
  if (action.kind === 'seek-to-fraction') return known ? duration * action.fraction : current;
  const target = Math.max(current + action.seconds, 0);
  return known ? Math.min(target, duration) : target;
}

/** The volume after a step, between 0 and 1, rounded to the step. */
export function volumeAfter(volume: number, delta: number): number {
  return Math.round(Math.min(Math.max(volume + delta, 0), 1) * 10) / 10;
}
