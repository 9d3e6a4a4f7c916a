/**
 * Which issuers an SSO connection may name: https anywhere, plain http only on this machine
 * (a test or development IdP), since tokens and secrets travel to it.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for an issuer on this machine: only such an issuer may be plain http (a test IdP). */
export function isLoopbackIssuer(issuer: URL): boolean {
  return LOOPBACK_HOSTS.has(issuer.hostname);
}

/** The issuer as a URL, refusing http anywhere but loopback. */
export function issuerUrl(issuer: string): URL {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackIssuer(url)) return url;
  throw new Error(`SSO issuer must be https (http only on loopback): ${url.origin}`);
}
