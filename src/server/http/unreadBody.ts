/**
 * A request answered without its body being read (a refusal, a 405, a form post the CSRF
 * check turned away) leaves bytes on the connection. Closed on them, the connection is reset,
 * and the reset can destroy the answer before the client reads it (a browser shows
 * "connection reset" instead of the error screen); left open with them unread, it stalls, and
 * a shutdown waits for it. So once the answer is out, what is left of the body is read and
 * thrown away for a moment, then the connection ends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the rest of a refused body is read and thrown away before the connection ends. */
export const LINGER_MS = 2000;

/** Whether the request carries a body at all. */
export function hasBody(req: IncomingMessage): boolean {
  return (
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
  );
}

export function discardBodyAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.on('data', () => {}).resume();
  });
}
