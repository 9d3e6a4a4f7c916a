/**
 * The client and origin a request really comes from, told to Astro. Behind a TLS-terminating
 * proxy the server sees plain http from the proxy's address while the browser is on https at
 * the public host; Astro's origin check, redirects, absolute links and cookies must follow
 * the browser. From TRUST_PROXY and PUBLIC_URL this step decides:
 *
 * - the client address, as proxy-addr (Express) derives it: the nearest hop of
 *   X-Forwarded-For that is not a trusted proxy, so a client cannot pick its own;
 * - the public scheme: a trusted proxy's X-Forwarded-Proto, else https when the connection
 *   is TLS or PUBLIC_URL is https;
 * - the public host: a trusted proxy's X-Forwarded-Host, else the Host header (showcases
 *   with their own domain are told apart by it).
 *
 * It then overwrites X-Forwarded-For, -Proto and -Host with exactly that, whatever the peer
 * sent, and Astro (security.allowedDomains in astro.config.mjs) builds `url` and
 * `clientAddress` from them. Headers from a peer that is not trusted change nothing: that
 * includes the geography headers (GEO_COUNTRY_HEADER, GEO_REGION_HEADER), which decide the
 * legal links and the age gate.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyaddr from 'proxy-addr';
import { compileTrust, type TrustHop } from '../../lib/trustProxy.ts';
import { chooseSiteOrigin } from '../../lib/siteOrigin.ts';
import { config } from '../config.ts';
import type { Step } from './requestPipeline.ts';

export interface ProxySettings {
  /** Which hops may speak for the client (TRUST_PROXY). */
  trust: TrustHop;
  /** PUBLIC_URL: an https one means the public site is https. */
  publicUrl: URL | undefined;
  /** Headers only a trusted proxy may set (the viewer's country and region). */
  proxyOnlyHeaders: string[];
}

let configured: ProxySettings | undefined;

/** The settings of this process, from TRUST_PROXY and PUBLIC_URL. */
function proxySettings(): ProxySettings {
  const { TRUST_PROXY, PUBLIC_URL, GEO_COUNTRY_HEADER, GEO_REGION_HEADER } = config();
  configured ??= {
    trust: compileTrust(TRUST_PROXY),
    publicUrl: PUBLIC_URL ? new URL(PUBLIC_URL) : undefined,
    proxyOnlyHeaders: [GEO_COUNTRY_HEADER, GEO_REGION_HEADER].filter((name): name is string =>
      Boolean(name),
    ),
  };
  return configured;
}

/** A name or bracketed IPv6 address with an optional port: nothing that could carry a path. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const firstValue = (header: string | string[] | undefined): string | undefined =>
  (Array.isArray(header) ? header[0] : header)?.split(',', 1)[0]?.trim() || undefined;

/** Whether the peer of the socket is a proxy whose X-Forwarded-* headers are believed. */
function fromTrustedProxy(req: IncomingMessage, { trust }: ProxySettings): boolean {
  const peer = req.socket.remoteAddress;
  return peer !== undefined && trust(peer, 0);
}

const decided = new WeakMap<IncomingMessage, string | undefined>();

/** The address of the client: what this step decided, or (before it ran) proxy-addr's answer. */
export function clientAddress(
  req: IncomingMessage,
  settings: ProxySettings = proxySettings(),
): string | undefined {
  if (decided.has(req)) return decided.get(req);
  return req.socket.remoteAddress === undefined ? undefined : proxyaddr(req, settings.trust);
}

/** The scheme the browser used. */
function publicScheme(
  req: IncomingMessage,
  settings: ProxySettings = proxySettings(),
): 'http' | 'https' {
  if (fromTrustedProxy(req, settings)) {
    const forwarded = firstValue(req.headers['x-forwarded-proto'])?.toLowerCase();
    if (forwarded === 'http' || forwarded === 'https') return forwarded;
  }
  if ((req.socket as Partial<TLSSocket>).encrypted) return 'https';
  return settings.publicUrl?.protocol === 'https:' ? 'https' : 'http';
}

/** The host the browser asked for, when a trusted proxy names it; else the Host header stands. */
export function forwardedHost(
  req: IncomingMessage,
  settings: ProxySettings = proxySettings(),
): string | undefined {
  if (!fromTrustedProxy(req, settings)) return undefined;
  const forwarded = firstValue(req.headers['x-forwarded-host']);
  return forwarded && HOST.test(forwarded) ? forwarded : undefined;
}

/** The pipeline step: Astro sees the decided client, scheme and host, and nothing else. */
export function publicOrigin(settings: ProxySettings = proxySettings()): Step {
  return (req, _res, next) => {
    const client = clientAddress(req, settings);
    const scheme = publicScheme(req, settings);
    const host = forwardedHost(req, settings);
    decided.set(req, client);
    const { headers } = req;
    delete headers['x-forwarded-port'];
    if (client) headers['x-forwarded-for'] = client;
    else delete headers['x-forwarded-for'];
    headers['x-forwarded-proto'] = scheme;
    if (host) headers['x-forwarded-host'] = host;
    else delete headers['x-forwarded-host'];
    if (!fromTrustedProxy(req, settings))
      for (const name of settings.proxyOnlyHeaders) delete headers[name];
    next();
  };
}

/**
 * Whether the browser reached this request over https: the one test for cookies' Secure flag
 * and HSTS. Astro's URL already carries the public scheme (see above).
 */
export function servedOverHttps(url: URL): boolean {
  return url.protocol === 'https:';
}

/**
 * The origin of every absolute link written for this request (src/lib/siteOrigin.ts decides).
 * APP_URL's host is one the site answers as: beside a static publication at PUBLIC_URL, the
 * app's own pages (the studio, sign-in) link to the app.
 */
export function siteOrigin(url: URL): string {
  const { PUBLIC_URL, TRUSTED_HOSTS, PORT, APP_URL } = config();
  return chooseSiteOrigin(url, {
    publicUrl: PUBLIC_URL ? new URL(PUBLIC_URL) : undefined,
    trustedHosts: APP_URL ? [...TRUSTED_HOSTS, new URL(APP_URL).host] : TRUSTED_HOSTS,
    port: PORT,
  });
}
