/**
 * CORS of the API (src/lib/apiCors.ts), on the API origin and on the site's /api alike: any
 * origin, bearer or anonymous, never credentials. A preflight is answered here, before any
 * route or the method check: what the browser will send next gets its own answer, CORS
 * headers included (they are set on the response before Astro or tus write theirs).
 */
import { corsHeaders, isPreflight } from '../../lib/apiCors.ts';
import { API_ROUTE_PREFIX } from '../../lib/apiOrigin.ts';
import type { Step } from './requestPipeline.ts';

const isApiRoute = (url: string | undefined) => {
  const path = (url ?? '/').split('?', 1)[0]!;
  return path === API_ROUTE_PREFIX || path.startsWith(`${API_ROUTE_PREFIX}/`);
};

export const apiCors: Step = (req, res, next) => {
  if (!isApiRoute(req.url)) return next();
  const requested = req.headers['access-control-request-method'];
  const preflight = isPreflight(req.method, Array.isArray(requested) ? requested[0] : requested);
  for (const [name, value] of Object.entries(corsHeaders(preflight))) res.setHeader(name, value);
  if (!preflight) return next();
  res.setHeader('Cache-Control', 'no-store');
  res.writeHead(204).end();
};
