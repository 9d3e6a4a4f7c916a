/**
 * Refusals answered before any route runs, as the error screen or JSON in the viewer's
 * language: what the HTTP steps stamped (refusalStamp.ts), a method the matched route does
 * not take (405 with Allow; OPTIONS is answered with the Allow list) and /500 asked for by
 * its address (404). An API path that matches no route is src/pages/api/[...path].ts's.
 */
import { defineMiddleware } from 'astro:middleware';
import { middlewareError } from './errorResponse.ts';
import { readRefusal } from './refusalStamp.ts';
import { allowedMethods } from './routeMethods.ts';
import { ROUTE_METHODS } from './malformedRequest.ts';

function allowHeader(methods: readonly string[]): string {
  return [...methods, 'OPTIONS'].join(', ');
}

/** First in line: a stamped request needs neither the database nor a route. */
export const stampedRefusals = defineMiddleware(async (context, next) => {
  const refusal = readRefusal(context.request.headers);
  if (!refusal) return next();
  if (refusal.status !== 405) return middlewareError(context, refusal.status);
  const allowed =
    (await allowedMethods(context.routePattern)) ?? ROUTE_METHODS.filter((m) => m !== 'OPTIONS');
  return middlewareError(context, 405, { Allow: allowHeader(allowed) });
});

/**
 * After the locale step, which routes a prefixed path to its page. Once per request: a page
 * that rewrites to an error screen keeps its method, and the screen answers any method.
 */
const checked = Symbol('methodChecked');

export const routeMethodGuard = defineMiddleware(async (context, next) => {
  const locals = context.locals as App.Locals & { [checked]?: true };
  if (locals[checked]) return next();
  locals[checked] = true;
  // The page Astro shows in place of a failed one is no page of its own address.
  if (context.routePattern === '/500' && /^\/500\/?$/.test(context.locals.path))
    return middlewareError(context, 404);
  const method = context.request.method;
  const allowed = await allowedMethods(context.routePattern);
  if (!allowed || allowed.includes(method)) return next();
  if (method === 'OPTIONS')
    return new Response(null, {
      status: 204,
      headers: { Allow: allowHeader(allowed), 'Cache-Control': 'no-store' },
    });
  return middlewareError(context, 405, { Allow: allowHeader(allowed) });
});
