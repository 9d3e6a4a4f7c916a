/**
 * JSON answers of the API (SPEC §7): the versioned media type of the Accept header is
 * honoured, `fields` trims the representation, the token's scopes are checked, errors are
 * localized and in Vimeo's shape.
 */
import type { APIContext } from 'astro';
import { negotiateApiVersion } from '../../lib/apiAccept.ts';
import { scopeAllows, type ApiScope } from '../../lib/apiScopes.ts';
import type { SortParameterError } from '../../lib/vimeoSort.ts';
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
  const negotiated = negotiateApiVersion(context.request.headers.get('accept'));
  if (!('refused' in negotiated)) return negotiated;
  const { refused, version } = negotiated;
  const developer_message =
    refused === 400
      ? `The version parameter of the Accept header ("${version}") is not a version number; send e.g. application/vnd.vimeo.*+json;version=3.4.`
      : `API version ${version} is not served; this API speaks 3.x, e.g. application/vnd.vimeo.*+json;version=3.4.`;
  return { error: jsonError(context.locals, refused, { developer_message, version }) };
}

/** The refusal of a call beyond the token's scopes. */
export function scopeRefusal(context: APIContext, needed: ApiScope): Response {
  return jsonError(context.locals, 403, {
    error: context.locals.t('errors.apiScopeMissing'),
    developer_message: `This call needs the "${needed}" scope, which the access token was not granted.`,
  });
}

/** What every API call starts with: the version it is answered in, and the scope it needs. */
export function beginApiCall(
  context: APIContext,
  needed: ApiScope,
): { version: string } | { error: Response } {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated;
  if (!scopeAllows(context.locals.bearerScopes, needed))
    return { error: scopeRefusal(context, needed) };
  return negotiated;
}

/** A query parameter outside its vocabulary (an unknown sort or direction), named for the developer. */
export function invalidParameter(
  context: APIContext,
  { parameter, value, allowed }: SortParameterError,
): Response {
  const developer_message = `${parameter}=${value} is not understood; ${parameter} takes ${allowed.join(', ')}.`;
  return jsonError(context.locals, 400, {
    error: context.locals.t('errors.apiInvalidParameter'),
    developer_message,
    invalid_parameters: [{ field: parameter, developer_message }],
  });
}

export function apiJson(
  context: APIContext,
  body: unknown,
  { resource, cache }: ApiOptions,
  version: string,
  status = 200,
): Response {
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
  if (
    body &&
    typeof body === 'object' &&
    'data' in body &&
    Array.isArray((body as { data: unknown }).data)
  ) {
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
