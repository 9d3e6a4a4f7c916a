/**
 * A request the HTTP steps refuse before Astro sees it (an unsupported method, an address
 * that does not decode, a body over the limit) still deserves the error screen in the
 * viewer's language, which only Astro renders. The step turns such a request into a bodiless
 * GET carrying this stamp, and the request guard (requestGuard.ts) answers it. A client cannot
 * forge the stamp: every request loses the header before the steps run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REFUSAL_HEADER = 'x-vitrine-refusal';

export type Refusal = { status: 400 | 413 } | { status: 405; method: string };

/** Drops a stamp the client sent itself. */
export function clearRefusal(req: IncomingMessage): void {
  delete req.headers[REFUSAL_HEADER];
}

/**
 * Hands the request on as a stamped GET; its body, if any, is never read. The access log and
 * the metrics still see the method and address it came with.
 */
export function stampRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const { method, url } = req;
  res.prependOnceListener('close', () => Object.assign(req, { method, url }));
  req.headers[REFUSAL_HEADER] =
    'method' in refusal ? `${refusal.status} ${refusal.method}` : String(refusal.status);
  req.method = 'GET';
  delete req.headers['content-length'];
  delete req.headers['transfer-encoding'];
}

/** The refusal stamped on a request, if any. */
export function readRefusal(headers: Headers): Refusal | null {
  const value = headers.get(REFUSAL_HEADER);
  if (!value) return null;
  const [status, method = ''] = value.split(' ');
  if (status === '400' || status === '413') return { status: Number(status) as 400 | 413 };
  if (status === '405' && method) return { status: 405, method };
  return null;
}
