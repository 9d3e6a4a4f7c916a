/**
 * The middleware step around every route (inside the security headers): an error that escaped
 * a route becomes the answer its kind deserves (errorClassification.ts), as JSON or the error
 * screen, never Astro's bare 500, and always JSON under /api/. Only our own faults are logged
 * with their stack at error level.
 */
import { defineMiddleware } from 'astro:middleware';
import { logger } from '../logger.ts';
import { classifyError, rootReason } from './errorClassification.ts';
import { isOutageScreen, OUTAGE_RETRY_AFTER_SECONDS } from './databaseOutage.ts';
import { middlewareError } from './errorResponse.ts';

/**
 * A page renders as its body is read: an HTML body read here, whole, brings an error thrown
 * halfway through a page to the same answer as one thrown before it began, rather than a page
 * cut short. The server sends HTML whole anyway (wholeHtml.ts).
 */
async function rendered(response: Response): Promise<Response> {
  if (!response.headers.get('Content-Type')?.startsWith('text/html') || !response.body) return response;
  return new Response(await response.text(), response);
}

export const classifyErrors = defineMiddleware(async (context, next) => {
  try {
    return await rendered(await next());
  } catch (error) {
    const kind = classifyError(error);
    const where = { method: context.request.method, path: context.url.pathname };
    switch (kind) {
      case 'unavailable':
        logger.warn({ ...where, reason: rootReason(error) }, 'a service the request needs is unavailable (database or disk)');
        // The outage screen failed too: answer without rendering anything.
        if (isOutageScreen(context.url.pathname)) return new Response(null, { status: 503, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } });
        return middlewareError(context, 503, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
      case 'badRequest':
      case 'notFound':
        logger.info({ ...where, reason: rootReason(error) }, 'request refused');
        return middlewareError(context, kind === 'badRequest' ? 400 : 404);
      case 'fault':
        logger.error({ ...where, err: error }, 'request failed');
        return middlewareError(context, 500);
    }
  }
});
