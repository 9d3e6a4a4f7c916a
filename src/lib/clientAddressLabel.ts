/**
 * How much of a client's address a log line keeps (LOG_CLIENT_IP): all of it, its network
 * (IPv4 /24, IPv6 /48: enough to tell networks apart, not people), or nothing.
 */
export const CLIENT_IP_MODES = ['full', 'truncated', 'off'] as const;
export type ClientIpMode = (typeof CLIENT_IP_MODES)[number];

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight groups of an IPv6 address, '::' expanded; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))
    ? groups.map((g) => g.replace(/^0+(?=.)/, ''))
    : null;
}

/** '203.0.113.7' → '203.0.113.0/24'; '2001:db8:1:2::5' → '2001:db8:1::/48'; undefined when off or unreadable. */
export function clientAddressLabel(
  address: string | undefined,
  mode: ClientIpMode,
): string | undefined {
  if (mode === 'off' || !address) return undefined;
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const v4 = IPV4.exec(plain);
  if (v4) return mode === 'full' ? plain : `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ipv6Groups(plain.split('%', 1)[0] ?? '');
  if (!groups) return undefined;
  return mode === 'full' ? plain : `${groups.slice(0, 3).join(':')}::/48`;
}
