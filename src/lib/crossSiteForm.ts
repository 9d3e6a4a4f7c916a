/**
 * Astro's origin check (security.checkOrigin), as a rule the middleware applies itself so it
 * can make exemptions Astro's switch cannot (src/middleware.ts): a state-changing request
 * whose Origin is not the site's is refused when it could be a form another site made a
 * browser send (a form's content types, or no body type at all). A request without Origin
 * counts as from another site, as in Astro.
 */
const FORM_CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginCheckInput {
  method: string;
  /** The Origin header, if sent. */
  origin: string | null;
  /** The Content-Type header, if sent. */
  contentType: string | null;
}

/**
 * `publishedOrigin`: the static publication's origin (PUBLIC_URL beside APP_URL), whose pages
 * post their JavaScript-free forms (theme, mature filter) to the app: the operator's own site.
 */
export function isCrossSiteForm(
  { method, origin, contentType }: OriginCheckInput,
  siteOrigin: string,
  publishedOrigin: string | null = null,
): boolean {
  if (SAFE_METHODS.has(method)) return false;
  if (origin === siteOrigin || (origin !== null && origin === publishedOrigin)) return false;
  if (contentType === null) return true;
  const type = contentType.toLowerCase();
  return FORM_CONTENT_TYPES.some((form) => type.includes(form));
}
