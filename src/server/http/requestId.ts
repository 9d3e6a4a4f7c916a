/**
 * The id that ties a request's log lines together: the caller's X-Request-Id when it looks
 * like one (a proxy or load balancer set it), else a new one. Echoed in the response.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const HEADER = 'x-request-id';
/** Letters, digits and a few separators, up to 128: nothing that could forge a log line. */
const SANE = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const ids = new WeakMap<IncomingMessage, string>();

/** The request's id, chosen (and set on the response) the first time it is asked for. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  let id = ids.get(req);
  if (id) return id;
  const incoming = req.headers[HEADER];
  id = typeof incoming === 'string' && SANE.test(incoming) ? incoming : randomUUID();
  ids.set(req, id);
  res.setHeader('X-Request-Id', id);
  return id;
}
