/**
 * Speed and time left of an upload, from what was sent when: the rate over the last few
 * seconds, so a connection that slows down shows it soon, and no estimate before there is
 * enough to go on.
 */
export interface ProgressSample {
  /** Milliseconds, any monotonic clock. */
  at: number;
  bytes: number;
}

export const SPEED_WINDOW_MS = 5_000;
const MIN_SPAN_MS = 500;

/** Keeps the samples of the last window (and one before it, to span the whole window). */
export function addSample(
  samples: readonly ProgressSample[],
  sample: ProgressSample,
): ProgressSample[] {
  const all = [...samples, sample];
  const firstInWindow = all.findIndex((s) => s.at >= sample.at - SPEED_WINDOW_MS);
  return all.slice(Math.max(0, firstInWindow - 1));
}

/** Bytes per second over the samples; null until half a second has been measured. */
export function speedOf(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < MIN_SPAN_MS) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
}

/** Whole seconds left at `speed`; null when there is no speed to go by. */
export function secondsLeft(sent: number, total: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null;
  return Math.ceil(Math.max(0, total - sent) / speed);
}
