/**
 * The arithmetic of the live benchmark (scripts/benchLive.ts), apart from the browser, the
 * processes and the network it reads from: glass-to-glass latency from the clock boxes of
 * presented frames, a Prometheus histogram, a process's CPU time from /proc, and the end of
 * the newest segment of a live playlist.
 */
import { readClockBits } from '../src/server/live/testFeed.ts';

/** A frame the browser presented: when (Unix ms) and the brightness of each clock box. */
export interface PresentedFrame {
  at: number;
  brightness: number[];
}

const CLOCK_PERIOD = 64;

/** The latest whole Unix second, at or before `atMs`, that is `residue` mod 64. */
export function latestSecondWith(residue: number, atMs: number): number {
  const now = Math.floor(atMs / 1000);
  return now - ((((now - residue) % CLOCK_PERIOD) + CLOCK_PERIOD) % CLOCK_PERIOD);
}

/**
 * Milliseconds from the start of a second to the first presented frame drawn in it, for every
 * frame whose clock moved on by exactly one second: a jump (a seek, frames lost) shows a frame
 * from the middle of its second, which would understate the latency.
 */
export function clockLatencies(frames: readonly PresentedFrame[]): number[] {
  const latencies: number[] = [];
  let previous: number | null = null;
  for (const frame of frames) {
    const second = readClockBits(frame.brightness);
    if (previous !== null && second === (previous + 1) % CLOCK_PERIOD)
      latencies.push(frame.at - latestSecondWith(second, frame.at) * 1000);
    previous = second;
  }
  return latencies;
}

/**
 * When a segment's picture ends, in Unix ms, from the clock second (mod 64) of each of its
 * frames: the first frame of a new second was made as that second began, and the frames after
 * it follow evenly over the segment's duration. `nearMs` is a moment just after the segment
 * was made (when it was fetched). Null when no second begins within the segment.
 */
export function segmentEndByClock(
  seconds: readonly number[],
  durationSeconds: number,
  nearMs: number,
): number | null {
  const frameMs = (durationSeconds * 1000) / seconds.length;
  for (let i = 1; i < seconds.length; i++) {
    if (seconds[i] === (seconds[i - 1]! + 1) % CLOCK_PERIOD)
      return latestSecondWith(seconds[i]!, nearMs) * 1000 + (seconds.length - i) * frameMs;
  }
  return null;
}

/** The nearest-rank percentile (0 < fraction ≤ 1) of the values; null for none. */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length))) - 1]!;
}

export interface Histogram {
  count: number;
  sum: number;
  /** Cumulative counts by upper bound, ascending; the last bound is Infinity. */
  buckets: { le: number; count: number }[];
}

/** One unlabelled histogram out of Prometheus' text format; null when it is not there. */
export function parseHistogram(text: string, name: string): Histogram | null {
  const buckets: Histogram['buckets'] = [];
  let count: number | null = null;
  let sum: number | null = null;
  for (const line of text.split('\n')) {
    const bucket = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\S+)`).exec(line);
    if (bucket)
      buckets.push({
        le: bucket[1] === '+Inf' ? Infinity : Number(bucket[1]),
        count: Number(bucket[2]),
      });
    if (line.startsWith(`${name}_count `)) count = Number(line.slice(name.length + 7));
    if (line.startsWith(`${name}_sum `)) sum = Number(line.slice(name.length + 5));
  }
  if (count === null || sum === null) return null;
  return { count, sum, buckets: buckets.sort((a, b) => a.le - b.le) };
}

/** The smallest bucket bound that holds at least `fraction` of the observations; null for none. */
export function bucketCovering(histogram: Histogram, fraction: number): number | null {
  if (histogram.count === 0) return null;
  return histogram.buckets.find((bucket) => bucket.count >= fraction * histogram.count)?.le ?? null;
}

/** /proc/{pid}/stat after the command name, which may hold spaces and parentheses. */
function statFields(stat: string): string[] {
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
}

export function parentPid(stat: string): number {
  return Number(statFields(stat)[1]);
}

/** User and system CPU seconds of a process, all its threads, from /proc/{pid}/stat. */
export function cpuSeconds(stat: string, ticksPerSecond: number): number {
  const fields = statFields(stat);
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Program date-time as written by ffmpeg (+0000) or by the spec (+00:00, Z), in Unix ms. */
function parseDateTime(value: string): number {
  return Date.parse(value.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}

/**
 * When the newest segment of a media playlist ends, in Unix ms, from its program date-times
 * (each segment's start; one without its own follows the one before); null without any.
 */
export function newestSegmentEnd(playlist: string): number | null {
  let end: number | null = null;
  let start: number | null = null;
  let duration = 0;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))
      start = parseDateTime(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    else if (line.startsWith('#EXTINF:'))
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#')) {
      const from: number | null = start ?? end;
      end = from === null ? null : from + duration * 1000;
      start = null;
    }
  }
  return end;
}
