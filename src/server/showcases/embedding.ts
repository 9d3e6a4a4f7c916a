/**
 * Whether an embed frame of a showcase may show here (its embed domains, src/lib/embedDomains.ts).
 * The browser enforces the list through frame-ancestors; this decides, from what the request
 * says about the page framing it (Sec-Fetch-Dest and the Referer's origin, which browsers send
 * across sites by default), to answer a page elsewhere with a screen that says so instead of
 * a frame the browser would leave blank.
 */
import { embedderAllowed, frameAncestors } from '../../lib/embedDomains.ts';

interface EmbedRequest {
  request: Request;
  url: URL;
  locals: App.Locals;
  response: { headers: Headers };
}

export type Embedding = 'allowed' | 'refused';

function framingOrigin(request: Request): string | null {
  if (request.headers.get('sec-fetch-dest') !== 'iframe') return null;
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export function decideEmbedding(astro: EmbedRequest, domains: readonly string[]): Embedding {
  if (domains.length === 0) return 'allowed';
  // Who frames it changes the answer: caches keep one copy per framing page.
  astro.response.headers.append('Vary', 'Referer, Sec-Fetch-Dest');
  const embedder = framingOrigin(astro.request);
  if (embedder !== null && !embedderAllowed(domains, embedder, astro.url.origin)) {
    // The refusal itself may show anywhere: it is what the page elsewhere should see.
    astro.locals.frameAncestors = '*';
    return 'refused';
  }
  astro.locals.frameAncestors = frameAncestors(domains);
  return 'allowed';
}
