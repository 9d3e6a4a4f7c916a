/**
 * The shared edges of the footer's settings routes. Each takes the JSON an island sends or
 * the form a browser posts with JavaScript off; islands get JSON back, forms a 303 back to
 * the page they came from (SPEC §7; DESIGN "every flow that can be an HTML form works with
 * JavaScript off"). The middleware has already checked the CSRF token of every POST.
 */
import type { AstroCookieSetOptions } from 'astro';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { wantsJson } from '../http/errorResponse.ts';
import { servedOverHttps } from '../http/publicOrigin.ts';
import { NO_STORE_HEADERS } from '../http/cacheControl.ts';

const YEAR = 60 * 60 * 24 * 365;

export interface Submission {
  /** The caller wants a JSON answer (an island), not a redirect (a plain form). */
  json: boolean;
  /** The first value of a field, if it is a string. */
  get(name: string): string | undefined;
  /** Every string value of a field, for repeated fields such as content_ratings[]. */
  getAll(name: string): string[];
}

export async function readSubmission(request: Request, path: string): Promise<Submission> {
  const type = request.headers.get('content-type') ?? '';
  const json = type.includes('application/json') || wantsJson(request, path);
  if (type.includes('application/json')) {
    const body: unknown = await request.json().catch(() => null);
    const record: Record<string, unknown> =
      body && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    const values = (name: string): unknown[] => {
      const v = record[name];
      return Array.isArray(v) ? v : v === undefined ? [] : [v];
    };
    return {
      json,
      get: (name) => values(name).find((v): v is string => typeof v === 'string'),
      getAll: (name) => values(name).filter((v): v is string => typeof v === 'string'),
    };
  }
  const form = await request.formData().catch(() => new FormData());
  return {
    json,
    get: (name) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
}

/** A long-lived preference cookie, read by the server only (src/middleware.ts). */
export function preferenceCookie(url: URL): AstroCookieSetOptions {
  return { path: '/', maxAge: YEAR, sameSite: 'lax', httpOnly: true, secure: servedOverHttps(url) };
}

/** 303 See Other back to a checked same-site path, optionally to a footer status message. */
export function seeOther(returnTo: string, fragment?: string): Response {
  const location = safeReturnTo(returnTo) + (fragment ? `#${fragment}` : '');
  return new Response(null, {
    status: 303,
    headers: { ...NO_STORE_HEADERS, Location: location },
  });
}

export function jsonAnswer(
  body: { ok: true } | { ok: false; message: string },
  status = body.ok ? 200 : 400,
): Response {
  return Response.json(body, { status, headers: NO_STORE_HEADERS });
}
