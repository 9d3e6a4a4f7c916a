/**
 * The origin every absolute link the product writes starts with: canonical and hreflang
 * links, previews, oEmbed, embed codes, sitemaps, feeds and mails. The Host header is the
 * client's to choose, and those links end up in cached HTML and other people's inboxes, so
 * it counts only when it names a host the operator listed (or loopback, on a site with no
 * configured address); anything else gets PUBLIC_URL, never what the request claimed.
 */

export interface SiteOriginSettings {
  /** PUBLIC_URL, when configured. */
  publicUrl: URL | undefined;
  /** TRUSTED_HOSTS: further hosts (with port when not the scheme's default) this site answers as. */
  trustedHosts: readonly string[];
  /** The port the server listens on: the address of a site with no PUBLIC_URL. */
  port: number;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export function chooseSiteOrigin(
  requestUrl: URL,
  { publicUrl, trustedHosts, port }: SiteOriginSettings,
): string {
  const host = requestUrl.host.toLowerCase();
  if (trustedHosts.includes(host)) return requestUrl.origin;
  if (publicUrl) return publicUrl.origin;
  return LOOPBACK.test(host) ? requestUrl.origin : `http://localhost:${port}`;
}

/** TRUSTED_HOSTS as written: comma-separated hosts, compared in lower case. */
export function parseTrustedHosts(raw: string): string[] {
  return raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}
