/**
 * The arithmetic of the chat benchmark (scripts/benchChat.ts), apart from the sockets it reads
 * from: Server-Sent Events frames out of the chunks a plain HTTP client receives, a sample of
 * /metrics, and what every reader received of the messages posted.
 */
import { percentile } from './liveBenchFigures.ts';

/** A frame as the browser's EventSource would dispatch it. */
export interface ReceivedFrame {
  event: string;
  id: string | null;
  data: string;
}

/**
 * Frames out of a stream's text, chunk by chunk: a chunk may end inside a frame, or hold
 * several. Comments (`: ping`) and `retry` lines are not frames.
 */
export function sseReader(onFrame: (frame: ReceivedFrame) => void): (chunk: string) => void {
  let pending = '';
  let event = '';
  let id: string | null = null;
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onFrame({ event: event || 'message', id, data: data.join('\n') });
      event = '';
      id = null;
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    pending += chunk;
    // A "\r" at the end may be the first half of "\r\n": it waits for the next chunk.
    const complete = pending.endsWith('\r') ? pending.slice(0, -1) : pending;
    const lines = complete.split(/\r\n|\r|\n/);
    pending = lines.pop()! + pending.slice(complete.length);
    for (const text of lines) line(text);
  };
}

/** The value of a sample without labels in Prometheus text (/metrics); null when absent. */
export function metricSample(text: string, name: string): number | null {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined
    ? null
    : Number(
        line
          .slice(name.length + 1)
          .trim()
          .split(' ')[0],
      );
}

/** What one reader received: the moments (ms) each posted message reached it, by the message's number. */
export type Receipts = ReadonlyMap<number, readonly number[]>;

export interface Delivery {
  /** Messages the server took (201). */
  posted: number;
  readers: number;
  /** Readers × messages: deliveries expected. */
  expected: number;
  /** Deliveries that never came. */
  lost: number;
  /** Deliveries beyond the first of a message to a reader. */
  doubled: number;
  /** From the post sent to the frame received, over every first delivery, in ms. */
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
}

/** `sent`: when each message that the server took was posted, by its number. */
export function deliveryFigures(
  sent: ReadonlyMap<number, number>,
  readers: readonly Receipts[],
): Delivery {
  const latencies: number[] = [];
  let lost = 0;
  let doubled = 0;
  for (const receipts of readers) {
    for (const [message, sentAt] of sent) {
      const arrivals = receipts.get(message) ?? [];
      if (arrivals.length === 0) lost += 1;
      else latencies.push(arrivals[0]! - sentAt);
      doubled += Math.max(0, arrivals.length - 1);
    }
  }
  const rounded = (fraction: number) => {
    const value = percentile(latencies, fraction);
    return value === null ? null : +value.toFixed(1);
  };
  return {
    posted: sent.size,
    readers: readers.length,
    expected: sent.size * readers.length,
    lost,
    doubled,
    latencyMs: { p50: rounded(0.5), p95: rounded(0.95), p99: rounded(0.99), max: rounded(1) },
  };
}
