/**
 * Redirect targets from requests (return_to, redirect, prev_page, referer_url): only ever a
 * path on this site, so no parameter can send a viewer elsewhere (no open redirect).
 */
const BASE = 'http://vitrine.invalid';

/**
 * A same-site path to return to, else '/'. Only paths are accepted:
 * '//host' and '/\host' are other origins to a browser, so they never pass (open redirect).
 * The fragment is dropped; the query is kept.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // Browsers read '\' as '/' and strip tabs and newlines, so '/\evil' or '/\t/evil' would escape.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  return url.pathname + url.search;
}
