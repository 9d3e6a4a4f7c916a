/**
 * A page's status and Cache-Control, set together before rendering starts (Astro sends the
 * headers before components render). Pages name what happened; this module says what that
 * answers. The showcase views answer through src/server/showcases/viewResponse.ts, which
 * adds the access screens and the team sign-in return path on top.
 */
import type { AstroGlobal } from 'astro';
import type { SignInAnswer } from '../../lib/signInAnswer.ts';
import { retryAfterHeader } from '../rateLimit/tooManyRequests.ts';
import { NO_STORE, pageCacheControl, PRIVATE_PAGE } from './cacheControl.ts';

/** The status each named outcome of a page is sent with. */
const PAGE_OUTCOME_STATUS = {
  shown: 200,
  /** A form sent back with what was wrong in it. */
  invalid: 400,
  signInNeeded: 401,
  refused: 403,
  notFound: 404,
  gone: 410,
  tooManyTries: 429,
  failed: 500,
  unavailable: 503,
} as const;

export type PageOutcome = keyof typeof PAGE_OUTCOME_STATUS;

type PageAstro = Pick<AstroGlobal, 'response' | 'locals' | 'cookies'>;

/** A status a service decided (an editor's refusal), or one a page names. */
function statusOf(outcome: PageOutcome | number): number {
  return typeof outcome === 'number' ? outcome : PAGE_OUTCOME_STATUS[outcome];
}

/**
 * A page of one viewer (their studio, their settings, a form they sent, a refusal made for
 * them): kept by no cache.
 */
export function respondPrivate(astro: PageAstro, outcome: PageOutcome | number = 'shown'): void {
  astro.response.status = statusOf(outcome);
  astro.response.headers.set('Cache-Control', PRIVATE_PAGE);
}

/** A page of public content: shared with caches unless this viewer's cookies shaped it. */
export function respondPublic(astro: PageAstro): void {
  astro.response.status = PAGE_OUTCOME_STATUS.shown;
  astro.response.headers.set('Cache-Control', pageCacheControl(astro.locals, astro.cookies, true));
}

/** An error screen of SPEC §8: the same for everybody, yet never kept, so a fault passes. */
export function respondError(astro: PageAstro, status: number): void {
  astro.response.status = status;
  astro.response.headers.set('Cache-Control', NO_STORE);
}

/** A viewer who tried too often (SPEC §8), told when to try again. */
export function respondTooManyTries(astro: PageAstro, retryAfterSeconds: number): void {
  respondPrivate(astro, 'tooManyTries');
  astro.response.headers.set('Retry-After', retryAfterHeader(retryAfterSeconds));
}

/** A sign-in form's answer (src/lib/signInAnswer.ts). */
export function respondSignIn(astro: PageAstro, answer: SignInAnswer): void {
  if (answer.outcome === 'tooManyTries') respondTooManyTries(astro, answer.retryAfterSeconds);
  else respondPrivate(astro, answer.outcome);
}
