/**
 * The API origin (src/lib/apiOrigin.ts): a request to API_PORT, or to API_HOST on the site's
 * port, is answered by the site's /api route of the same path. This step, first in line,
 * rewrites its address and marks it; a client cannot forge the mark, which every request
 * loses before the steps run. Cookies do not exist there: the API origin is for integrations,
 * which authenticate with a bearer token, so a session cookie authorises nothing on it.
 */
import type { IncomingMessage } from 'node:http';
import { chooseApiOrigins, siteRouteOf, type ApiOrigins } from '../../lib/apiOrigin.ts';
import { apiPort, config } from '../config.ts';
import { forwardedHost } from './publicOrigin.ts';
import type { Step } from './requestPipeline.ts';

const API_ORIGIN_HEADER = 'x-vitrine-api-origin';

/** Which listener a pipeline serves: the site's (PORT) or the API origin's (API_PORT). */
export type Listener = 'site' | 'api';

const hostnameOf = (host: string | undefined) => host?.toLowerCase().replace(/:\d+$/, '');

function isApiHost(req: IncomingMessage): boolean {
  const { API_HOST } = config();
  return API_HOST !== undefined && hostnameOf(forwardedHost(req) ?? req.headers.host) === API_HOST;
}

export function apiOrigin(listener: Listener): Step {
  return (req, res, next) => {
    delete req.headers[API_ORIGIN_HEADER];
    if (listener === 'api' || isApiHost(req)) {
      const { url } = req;
      // The access log and the metrics see the address as it was asked for.
      res.prependOnceListener('close', () => Object.assign(req, { url }));
      req.url = siteRouteOf(url ?? '/');
      req.headers[API_ORIGIN_HEADER] = '1';
      delete req.headers.cookie;
    }
    next();
  };
}

/** Whether a request reached Astro through the API origin. */
export function viaApiOrigin(request: Request): boolean {
  return request.headers.get(API_ORIGIN_HEADER) === '1';
}

/** The origins an API answer's absolute links start with (site pages and media; the API's own paths). */
export function apiOrigins(url: URL, request: Request): ApiOrigins {
  const settings = config();
  const { PUBLIC_URL, API_PUBLIC_URL, TRUSTED_HOSTS, PORT } = settings;
  return chooseApiOrigins(url, viaApiOrigin(request), {
    publicUrl: PUBLIC_URL ? new URL(PUBLIC_URL) : undefined,
    apiPublicUrl: API_PUBLIC_URL ? new URL(API_PUBLIC_URL) : undefined,
    trustedHosts: TRUSTED_HOSTS,
    port: PORT,
    apiPort: apiPort(settings),
  });
}
