/**
 * TRUST_PROXY, read as Express reads its `trust proxy` setting: which hops of a request's
 * path may speak for the client in X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host.
 * The hops are numbered from this server outward: 0 is the peer of the socket.
 */
import proxyaddr from 'proxy-addr';

/** false: nobody; true: every hop; n: the n nearest hops; a list: hops at these addresses. */
export type TrustProxy = boolean | number | string[];

/** Whether the hop at `address`, `hop` steps from this server, is a proxy to believe. */
export type TrustHop = (address: string, hop: number) => boolean;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `false`, `true`, a hop count or a comma list of addresses, CIDR ranges and the names
 * loopback, linklocal, uniquelocal; throws naming the entry it cannot read.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no') return false;
  if (value === 'true' || value === 'yes') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new Error(
        `"${entry}" is neither an address, a CIDR range, nor loopback, linklocal or uniquelocal`,
      );
    }
  }
  return entries;
}

/** The trust function of a setting, as Express compiles `trust proxy`. */
export function compileTrust(setting: TrustProxy): TrustHop {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting.length > 0 ? proxyaddr.compile(setting) : () => false;
}
