/**
 * Every `link` of Vimeo's shapes is a whole URL (a page, a picture, a file), while `uri`
 * values are paths of the API. The representations the pages share write site paths; an API
 * answer makes them whole from the site's origin.
 */
const LINK_KEYS = new Set(['link', 'base_link', 'downloadUrl']);

export function absoluteLinks<T>(value: T, origin: string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => absoluteLinks(item, origin)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    if (
      LINK_KEYS.has(key) &&
      typeof item === 'string' &&
      item.startsWith('/') &&
      !item.startsWith('//')
    )
      return [key, new URL(item, origin).href];
    return [key, absoluteLinks(item, origin)];
  });
  return Object.fromEntries(entries) as T;
}

/** The id at the end of a uri ('/videos/7' → 7). */
export function idOfUri(uri: string): number {
  return Number(uri.slice(uri.lastIndexOf('/') + 1));
}
