/**
 * Where a showcase may be embedded (its embed_domains setting): a list of hosts, each one
 * exactly (`partner.example.com`, optionally with a port) or with its subdomains
 * (`*.example.com`). Empty means anywhere. The same list gives the frame-ancestors policy the
 * browser enforces and the decision to show the "can't be embedded here" screen instead.
 */

/** A showcase allows this many entries: enough for every partner, short enough to read. */
export const MAX_EMBED_DOMAINS = 50;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(\\*\\.)?(?:${LABEL}\\.)*${LABEL}(?::\\d{1,5})?$`);

/**
 * One entry as typed, normalised: lower case, without scheme, path or trailing dot
 * (`https://Partner.example.com/page` → `partner.example.com`); null when it is no host.
 */
export function normalizeEmbedDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (text === '') return null;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(text);
  if (scheme) {
    if (scheme[0] !== 'http://' && scheme[0] !== 'https://') return null;
    text = text.slice(scheme[0].length);
  }
  text = text.replace(/[/?#].*$/, '').replace(/\.(?=:|$)/, '');
  if (!HOST.test(text)) return null;
  const port = text.split(':')[1];
  if (port !== undefined && Number(port) > 65535) return null;
  return text;
}

export type ParsedEmbedDomains =
  { ok: true; domains: string[] } | { ok: false; invalid: string[] } | { ok: false; tooMany: true };

/** The setting's text (one entry per line, or separated by commas or spaces). */
export function parseEmbedDomains(text: string): ParsedEmbedDomains {
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => normalizeEmbedDomain(entry) === null);
  if (invalid.length > 0) return { ok: false, invalid };
  const domains = [...new Set(entries.map((entry) => normalizeEmbedDomain(entry)!))];
  if (domains.length > MAX_EMBED_DOMAINS) return { ok: false, tooMany: true };
  return { ok: true, domains };
}

/** The frame-ancestors sources: the site itself and each host over http and https. */
export function frameAncestors(domains: readonly string[]): string {
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.flatMap((domain) => [`https://${domain}`, `http://${domain}`])].join(
    ' ',
  );
}

/** Hosts compare with their ports, as the browser's frame-ancestors check does (URL.host drops default ports). */
function hostMatches(entry: string, host: string): boolean {
  return entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : entry === host;
}

/**
 * May a page at `embedder` (an origin such as https://partner.example.com) frame the
 * showcase? Always on the site itself; anywhere when the list is empty.
 */
export function embedderAllowed(
  domains: readonly string[],
  embedder: string,
  selfOrigin: string,
): boolean {
  if (domains.length === 0 || embedder === selfOrigin) return true;
  let url: URL;
  try {
    url = new URL(embedder);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return domains.some((entry) => hostMatches(entry, url.host));
}
