/**
 * Cross-origin access to the API (issue: integrations in other sites' pages): any origin may
 * call it anonymously or with a bearer token, and never with cookies. `*` is the one answer
 * browsers refuse to combine with credentials, so a cookie can never authorise a
 * cross-origin call, and the API origin ignores cookies altogether.
 */

const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** What the official clients and tus-js-client send. */
const CORS_ALLOWED_HEADERS = [
  'Accept',
  'Accept-Language',
  'Authorization',
  'Content-Type',
  'Tus-Resumable',
  'Upload-Concat',
  'Upload-Defer-Length',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'X-HTTP-Method-Override',
  'X-Requested-With',
] as const;

/** What a script may read of an answer beyond the simple headers. */
const CORS_EXPOSED_HEADERS = [
  'Location',
  'Link',
  'Retry-After',
  'Allow',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
] as const;

/** How long a browser may keep a preflight's answer, in seconds. */
const CORS_MAX_AGE = 86_400;

/** A browser's preflight: OPTIONS naming the method it means to send. */
export function isPreflight(
  method: string | undefined,
  requestedMethod: string | undefined,
): boolean {
  return method === 'OPTIONS' && typeof requestedMethod === 'string' && requestedMethod.length > 0;
}

/** The headers of an API answer; a preflight's answer also says what may be sent. */
export function corsHeaders(preflight: boolean): Record<string, string> {
  const common = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', '),
  };
  if (!preflight) return common;
  return {
    ...common,
    'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
    'Access-Control-Max-Age': String(CORS_MAX_AGE),
  };
}
