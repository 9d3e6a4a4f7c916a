/**
 * The first of the HTTP steps: requests no route can take. A method outside the seven the
 * routes use (TRACE, PROPFIND…) answers 405; TRACE and TRACK cannot even become a fetch
 * Request, and Astro answered them with a bare 500. An address whose percent-encoding does
 * not decode answers 400, where the adapter would answer an English "Bad request.".
 * CONNECT never reaches a request listener: `refuseTunnel` answers it on the socket.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Step } from './requestPipeline.ts';
import { clearRefusal, stampRefusal } from './refusalStamp.ts';
import { discardBodyAfterAnswer, hasBody, LINGER_MS } from './unreadBody.ts';

export const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const KNOWN = new Set<string>(ROUTE_METHODS);

function decodes(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

export const malformedRequest: Step = (req, res, next) => {
  clearRefusal(req);
  const method = req.method ?? 'GET';
  const refusal = !KNOWN.has(method)
    ? { status: 405 as const, method }
    : !decodes(req.url ?? '/')
      ? { status: 400 as const }
      : null;
  if (!refusal) return next();
  if (hasBody(req)) discardBodyAfterAnswer(req, res);
  stampRefusal(req, res, refusal);
  // The path is kept for the Allow header; an undecodable one is not routable at all.
  if (refusal.status === 400) req.url = '/';
  next();
};

/**
 * The server's 'connect' listener: a proxy tunnel is nothing this server offers. Whatever the
 * client sends after its request is read and thrown away until the connection ends, as for
 * any refused body (unreadBody.ts).
 */
export function refuseTunnel(_req: IncomingMessage, socket: Duplex): void {
  socket.on('data', () => {}).on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ROUTE_METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
