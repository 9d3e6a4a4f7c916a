/**
 * Versioned media types of the JSON API (SPEC §7: "Accept application/vnd.vimeo.{resource};
 * version={v} (default 3.4.1; quota 3.4.14; album videos 3.4.9)").
 */

export const DEFAULT_API_VERSION = '3.4.1';
/** Versions the client sends for particular calls (SPEC §7). */
export const QUOTA_API_VERSION = '3.4.14';
export const ALBUM_VIDEOS_API_VERSION = '3.4.9';

export interface ApiMediaType {
  /** 'album', 'video', 'user', … — lower-cased. */
  resource: string;
  /** As sent, or DEFAULT_API_VERSION when the parameter is absent. */
  version: string;
}

// The resource is a name, dotted names, or `*`: Vimeo's own client asks for vnd.vimeo.*+json.
const VENDOR = /^application\/vnd\.vimeo\.(\*|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?:\+json)?$/i;
const VERSION = /^\d+(?:\.\d+)*$/;

/** The first vnd.vimeo media range: its resource and its version parameter as written (undefined when absent). */
function firstVendorRange(
  header: string | null | undefined,
): { resource: string; version: string | undefined } | null {
  if (typeof header !== 'string') return null;
  for (const range of header.split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim());
    const resource = VENDOR.exec(type)?.[1];
    if (resource === undefined) continue;
    let version: string | undefined;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'version') continue;
      version = param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
    }
    return { resource: resource.toLowerCase(), version };
  }
  return null;
}

/**
 * The first vnd.vimeo media range in an Accept header, or null when there is none
 * (absent header, plain application/json, a wildcard), in which case the caller uses its default.
 * A present but malformed version parameter also yields null so it can be rejected.
 */
export function parseApiAccept(header: string | null | undefined): ApiMediaType | null {
  const range = firstVendorRange(header);
  if (!range) return null;
  if (range.version !== undefined && !VERSION.test(range.version)) return null;
  return { resource: range.resource, version: range.version ?? DEFAULT_API_VERSION };
}

/**
 * The version an API answer is given in: the one the Accept header asks for, else the
 * default. A version that is not a version number is a malformed request (400); one of
 * another major version cannot be answered (406, Not Acceptable).
 */
export type VersionNegotiation = { version: string } | { refused: 400 | 406; version: string };

export function negotiateApiVersion(header: string | null | undefined): VersionNegotiation {
  const version = firstVendorRange(header)?.version ?? DEFAULT_API_VERSION;
  if (!VERSION.test(version)) return { refused: 400, version };
  if (!isSupportedVersion(version)) return { refused: 406, version };
  return { version };
}

/** Any 3.x version is served (3, 3.4, 3.4.1, 3.4.9, 3.4.14); other majors are not. */
export function isSupportedVersion(version: string): boolean {
  return VERSION.test(version) && version.split('.')[0] === '3';
}

/** The Accept header value the client sends for a resource (SPEC §7). */
export function apiAcceptHeader(resource: string, version: string = DEFAULT_API_VERSION): string {
  return `application/vnd.vimeo.${resource};version=${version}`;
}
