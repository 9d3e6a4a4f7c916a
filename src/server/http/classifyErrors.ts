/**
 * The middleware step around every route (inside the security headers): an error that escaped
 * a route becomes the answer its kind deserves (errorClassification.ts), as JSON or the error
 * screen, never Astro's bare 500, and always JSON under /api/. Only our own faults are logged
 * with their stack at error level.
 *
 * HTML pages are read whole here (wholePage.ts), error screens included, so an error thrown
 * halfway through a page is caught like one thrown before it began.
 */
import type { APIContext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { logger } from '../logger.ts';
import { classifyError, rootReason } from './errorClassification.ts';
import { isOutageScreen, OUTAGE_RETRY_AFTER_SECONDS } from './databaseOutage.ts';
import { middlewareError } from './errorResponse.ts';
import { readWholePage } from './wholePage.ts';

export const classifyErrors = defineMiddleware(async (context, next) => {
  try {
    return await readWholePage(await next());
  } catch (error) {
    return readWholePage(await answerFor(context, error));
  }
});

async function answerFor(context: APIContext, error: unknown): Promise<Response> {
  const kind = classifyError(error);
  const where = { method: context.request.method, path: context.url.pathname };
  switch (kind) {
    case 'unavailable':
      logger.warn(
        { ...where, reason: rootReason(error) },
        'a service the request needs is unavailable (database or disk)',
      );
      // The outage screen failed too: answer without rendering anything.
      if (isOutageScreen(context.url.pathname))
        return new Response(null, {
          status: 503,
          headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
        });
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
