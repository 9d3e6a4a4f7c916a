/**
 * An HTML page read whole inside the middleware, once (src/server/http/classifyErrors.ts): the
 * security headers (src/middleware.ts) hash the inline scripts and styles of the bytes read
 * here. Astro renders a page to one string (astro.config.mjs); a body that streams all the same
 * (a Response a route builds) is produced as it is read, so reading it here lets an error thrown
 * halfway through it reach the step that classifies errors instead of cutting the page short.
 * The server sends HTML whole anyway (wholeHtml.ts). The page's stylesheets are written into
 * it here (src/lib/inlineStylesheets.ts), so the policy hashes them as the browser reads them.
 */
import { inlineStylesheets } from '../../lib/inlineStylesheets.ts';
import { inlineSources, type InlineSources } from '../../lib/pagePolicy.ts';
import { builtStylesheets } from './builtStylesheets.ts';

const pages = new WeakMap<Response, Uint8Array>();
/** Sources known before the page was read: a joined page's, found once per part (sharedBodies.ts). */
const knownSources = new WeakMap<Response, InlineSources>();

/**
 * A body's bytes as its stream gives them: the one chunk a rendered page is, not a copy. Every
 * copy of a page is memory outside V8's heap, which V8 answers with a full collection every
 * 64 MB of it: `response.bytes()` and `new Response(bytes)` each copied the page.
 */
async function readAll(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** A body that hands over `bytes` themselves. */
function sent(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The response with its HTML body read whole and its stylesheets inlined; any other response as it is. */
export async function readWholePage(
  response: Response,
  sheets: ReadonlyMap<string, Uint8Array> = builtStylesheets(),
): Promise<Response> {
  if (
    pages.has(response) ||
    !response.headers.get('Content-Type')?.startsWith('text/html') ||
    !response.body
  )
    return response;
  const bytes = inlineStylesheets(await readAll(response.body), sheets);
  const whole = new Response(sent(bytes), response);
  if (whole.headers.has('Content-Length'))
    whole.headers.set('Content-Length', String(bytes.byteLength));
  pages.set(whole, bytes);
  return whole;
}

/**
 * A page already whole, its stylesheets written in: `readWholePage` passes it as it is, and the
 * security headers take `sources`, when given, instead of searching its bytes.
 */
export function wholePageResponse(
  bytes: Uint8Array<ArrayBuffer>,
  init: ResponseInit,
  sources?: InlineSources,
): Response {
  const response = new Response(sent(bytes), init);
  pages.set(response, bytes);
  if (sources) knownSources.set(response, sources);
  return response;
}

/** The bytes of a page `readWholePage` read; undefined for any other response. */
export function wholePageBytes(response: Response): Uint8Array | undefined {
  return pages.get(response);
}

/** The inline scripts and styles of a whole page (src/lib/pagePolicy.ts); undefined for any other response. */
export function wholePageSources(response: Response): InlineSources | undefined {
  const known = knownSources.get(response);
  if (known) return known;
  const bytes = pages.get(response);
  return bytes && inlineSources(bytes);
}
