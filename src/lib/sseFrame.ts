/**
 * Server-Sent Events frames (WHATWG HTML §9.2). A frame ends with a blank line; the browser
 * joins the `data:` lines of a frame with newlines, so a value of several lines survives.
 */

const LINE_BREAK = /\r\n|\r|\n/;

export interface SseFrame {
  /** The listener the browser's EventSource dispatches to; `message` when absent. */
  event?: string;
  /** Becomes the Last-Event-ID the browser sends when it reconnects. */
  id?: string;
  /** Sent as JSON. */
  data: unknown;
}

export function sseFrame({ event, id, data }: SseFrame): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new Error('An SSE frame needs data that JSON can represent');
  let frame = '';
  if (event !== undefined) frame += `event: ${singleLine('event', event)}\n`;
  // A NUL makes the browser ignore the id.
  if (id !== undefined) frame += `id: ${singleLine('id', id).replaceAll('\0', '')}\n`;
  for (const line of json.split(LINE_BREAK)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/** A line the browser ignores: keeps proxies and the connection from timing out. */
export function sseComment(text: string): string {
  return `${text
    .split(LINE_BREAK)
    .map((line) => `: ${line}\n`)
    .join('')}\n`;
}

/** How long the browser waits before it reconnects a stream that ended or broke. */
export function sseRetry(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`An SSE retry is a whole number of milliseconds, not ${ms}`);
  return `retry: ${ms}\n\n`;
}

function singleLine(field: string, value: string): string {
  if (LINE_BREAK.test(value)) throw new Error(`An SSE ${field} cannot hold a line break`);
  return value;
}
