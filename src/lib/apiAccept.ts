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

const VENDOR = /^application\/vnd\.vimeo\.([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?:\+json)?$/i;
const VERSION = /^\d+(?:\.\d+)*$/;

/**
 * The first vnd.vimeo media range in an Accept header, or null when there is none
 * (absent header, plain application/json, a wildcard), in which case the caller uses its default.
 * A present but malformed version parameter also yields null so it can be rejected.
 */
export function parseApiAccept(header: string | null | undefined): ApiMediaType | null {
  if (typeof header !== 'string') return null;
  for (const range of header.split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim());
    const match = VENDOR.exec(type);
    const resource = match?.[1];
    if (resource === undefined) continue;
    let version = DEFAULT_API_VERSION;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq === -1) continue;
      const name = param.slice(0, eq).trim().toLowerCase();
      const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
      if (name !== 'version') continue;
      if (!VERSION.test(value)) return null;
      version = value;
    }
    return { resource: resource.toLowerCase(), version };
  }
  return null;
}

/** Any 3.x version is served (3, 3.4, 3.4.1, 3.4.9, 3.4.14); other majors are not. */
export function isSupportedVersion(version: string): boolean {
  return VERSION.test(version) && version.split('.')[0] === '3';
}

/** The Accept header value the client sends for a resource (SPEC §7). */
export function apiAcceptHeader(resource: string, version: string = DEFAULT_API_VERSION): string {
  return `application/vnd.vimeo.${resource};version=${version}`;
}
