/**
 * The API origin: Vimeo's API lives at the root of its host (api.vimeo.com/videos/7) and its
 * official clients have no base path, so Vitrine serves the same routes as the site's /api/
 * at the root of an origin of their own (API_PORT, or API_HOST behind a proxy). A path there
 * is answered by the /api route of the same name, and every path the API hands out (uri,
 * paging links) is written as it is asked for there.
 */

/** Where the site serves the API routes. */
export const API_ROUTE_PREFIX = '/api';

/** The site route that answers a request target of the API origin: '/videos/7?x=1' → '/api/videos/7?x=1'. */
export function siteRouteOf(target: string): string {
  return target.startsWith('/') ? `${API_ROUTE_PREFIX}${target}` : `${API_ROUTE_PREFIX}/`;
}

/** The path of a site API route on the API origin: '/api/videos/7' → '/videos/7'. */
export function apiPathOf(routePath: string): string {
  if (routePath === API_ROUTE_PREFIX) return '/';
  return routePath.startsWith(`${API_ROUTE_PREFIX}/`)
    ? routePath.slice(API_ROUTE_PREFIX.length)
    : routePath;
}

export interface ApiOriginSettings {
  /** PUBLIC_URL. */
  publicUrl: URL | undefined;
  /** API_PUBLIC_URL. */
  apiPublicUrl: URL | undefined;
  /** TRUSTED_HOSTS. */
  trustedHosts: readonly string[];
  /** PORT, where the site answers. */
  port: number;
  /** API_PORT, where the API answers on its own; null when it does not. */
  apiPort: number | null;
}

export interface ApiOrigins {
  /** The site's origin: pages, embeds and media links. */
  site: string;
  /** Where the API's own paths resolve: the API origin, or the site's /api. */
  api: string;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The origins the absolute links of an API answer start with, decided as siteOrigin.ts does
 * for pages: configured addresses, a host the operator trusts, or loopback; never a Host
 * header a client made up. `viaApiOrigin`: the request came to the API origin.
 */
export function chooseApiOrigins(
  requestUrl: URL,
  viaApiOrigin: boolean,
  settings: ApiOriginSettings,
): ApiOrigins {
  const host = requestUrl.host.toLowerCase();
  const trusted = settings.trustedHosts.includes(host);
  const loopback = LOOPBACK.test(host);
  const onPort = (port: number) => `${requestUrl.protocol}//${requestUrl.hostname}:${port}`;
  if (viaApiOrigin) {
    const api =
      settings.apiPublicUrl?.origin ??
      (trusted || loopback
        ? requestUrl.origin
        : `http://localhost:${settings.apiPort ?? settings.port}`);
    const site =
      settings.publicUrl?.origin ??
      (loopback ? onPort(settings.port) : `http://localhost:${settings.port}`);
    return { site, api };
  }
  const site = trusted
    ? requestUrl.origin
    : (settings.publicUrl?.origin ??
      (loopback ? requestUrl.origin : `http://localhost:${settings.port}`));
  return { site, api: `${site}${API_ROUTE_PREFIX}` };
}
