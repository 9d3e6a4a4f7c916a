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
import { builtStylesheets } from './builtStylesheets.ts';

const pages = new WeakMap<Response, Uint8Array>();

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

/** The bytes of a page `readWholePage` read; undefined for any other response. */
export function wholePageBytes(response: Response): Uint8Array | undefined {
  return pages.get(response);
}
