/**
 * JSON answers of the API (SPEC §7): the versioned media type of the Accept header is
 * honoured, `fields` trims the representation, errors are localized.
 */
import type { APIContext } from 'astro';
import { DEFAULT_API_VERSION, isSupportedVersion, parseApiAccept } from '../../lib/apiAccept.ts';
import { parseFields, pickFields } from '../../lib/pickFields.ts';
import { jsonError } from './errorResponse.ts';

export interface ApiOptions {
  resource: string;
  /**
   * Public data may be cached by browsers and CDNs, `brief`ly when it changes by the second
   * (a live event's status, which viewers poll); anything viewer-specific may not.
   */
  cache: 'public' | 'brief' | 'private';
}

const CACHE_CONTROL: Record<ApiOptions['cache'], string> = {
  public: 'public, max-age=60',
  brief: 'public, max-age=2',
  private: 'private, no-store',
};

/** The API version the client asked for, or an error answer for a version we do not speak. */
export function negotiateVersion(context: APIContext): { version: string } | { error: Response } {
  const accept = parseApiAccept(context.request.headers.get('accept'));
  const version = accept?.version ?? DEFAULT_API_VERSION;
  if (!isSupportedVersion(version)) {
    return { error: Response.json({ error: 'Unsupported API version', version }, { status: 406, headers: { 'Cache-Control': 'no-store' } }) };
  }
  return { version };
}

export function apiJson(context: APIContext, body: unknown, { resource, cache }: ApiOptions, version: string, status = 200): Response {
  const fields = parseFields(context.url.searchParams.get('fields'));
  const payload = fields.length > 0 ? trim(body, fields) : body;
  return new Response(JSON.stringify(payload), {
    status,
    headers: {
      'Content-Type': `application/vnd.vimeo.${resource}+json;version=${version}`,
      'Cache-Control': CACHE_CONTROL[cache],
      // A public answer is the same whoever asks, so it does not vary by Cookie.
      Vary: cache === 'private' ? 'Accept, Accept-Language, Cookie' : 'Accept, Accept-Language',
    },
  });
}

/** A paged body trims each item of `data`, leaving the paging envelope whole. */
function trim(body: unknown, fields: string[]): unknown {
  if (body && typeof body === 'object' && 'data' in body && Array.isArray((body as { data: unknown }).data)) {
    const paged = body as { data: unknown[] };
    return { ...paged, data: paged.data.map((item) => pickFields(item, fields)) };
  }
  return pickFields(body, fields);
}

export function notFound(context: APIContext): Response {
  return jsonError(context.locals, 404);
}

/** A positive integer id from a route parameter, or null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
