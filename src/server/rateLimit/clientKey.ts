/**
 * Who a request comes from, for rate limits. An IPv6 host usually holds a whole /64 and can
 * pick any address inside it, so IPv6 addresses count by their /64 prefix; IPv4 (and IPv4
 * mapped into IPv6, as a dual-stack socket reports it) count by the address.
 */
import { isIP } from 'node:net';

/** Bucket for requests whose address is missing or unreadable: they share one budget. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The rate-limit key of a client address: Astro's `clientAddress`, which the request pipeline
 * derived from TRUST_PROXY as proxy-addr does (src/server/http/publicOrigin.ts), so a
 * client behind a trusted proxy cannot choose it by writing X-Forwarded-For.
 */
export function clientKey(clientAddress: string | undefined): string {
  return (clientAddress && normalizeAddress(clientAddress)) || UNKNOWN_CLIENT;
}

/** `1.2.3.4`, `2001:db8:0:1::/64`, or null when `raw` is no IP address. */
export function normalizeAddress(raw: string): string | null {
  let s = raw.trim();
  // "[v6]:port" and "[v6]" as some proxies write them; "v4:port" likewise.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed?.[1]) s = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(':'));
  // Zone index (fe80::1%eth0) names an interface, not a host.
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);

  const version = isIP(s);
  if (version === 4) return s.split('.').map(Number).join('.');
  if (version !== 6) return null;
  const groups = ipv6Groups(s);
  if (!groups) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  }
  return `${[a, b, c, d].map((n) => n.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] | null {
  let s = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (tail) {
    const [p, q, r, t] = tail.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, tail.index)}${((p << 8) | q).toString(16)}:${((r << 8) | t).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const rest = split(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...rest].map((x) =>
    parseInt(x, 16),
  );
  return groups.length === 8 && groups.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff)
    ? groups
    : null;
}
