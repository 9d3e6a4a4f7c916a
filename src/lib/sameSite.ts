/**
 * Whether two origins are the same site, as browsers decide for cookies (SameSite) and
 * Fetch metadata: one scheme and one registrable domain. The published pages at PUBLIC_URL
 * send their forms and calls to APP_URL (src/lib/staticPage.ts) with the viewer's cookies,
 * which a browser sends only within one site: www.example.com and app.example.com are one
 * site, example.com and example.net are two.
 *
 * The registrable domain is taken as the last two labels, or three under a two-letter
 * country code whose second level is a public one (example.co.uk): the public suffix list
 * itself is more than the server should carry to check one setting at start.
 */
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;
const PUBLIC_SECOND_LEVELS = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ne', 'or']);

export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (IP.test(host)) return host;
  const labels = host.split('.');
  const publicSecondLevel =
    labels.length >= 3 && labels.at(-1)!.length === 2 && PUBLIC_SECOND_LEVELS.has(labels.at(-2)!);
  return labels.slice(publicSecondLevel ? -3 : -2).join('.');
}

export function isSameSite(a: URL, b: URL): boolean {
  return (
    a.protocol === b.protocol && registrableDomain(a.hostname) === registrableDomain(b.hostname)
  );
}
