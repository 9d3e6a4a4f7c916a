import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { compileTrust } from '../../lib/trustProxy.ts';
import { parseConfig } from '../config.ts';
import { clientAddress } from '../http/publicOrigin.ts';
import { clientKey, normalizeAddress, UNKNOWN_CLIENT } from './clientKey.ts';
import { LIMITS } from './limits.ts';
import { createRateLimiters } from './rateLimiter.ts';

describe('normalizeAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads IPv4 mapped into IPv6 (dual-stack sockets) as IPv4', () => {
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, so one host cannot rotate inside its allocation', () => {
    const a = normalizeAddress('2001:db8:abcd:12:1::1');
    const b = normalizeAddress('2001:db8:abcd:12:ffff:ffff:ffff:fffe');
    const written = normalizeAddress('2001:0DB8:ABCD:0012:0000:0000:0000:0001');
    expect(a).toBe('2001:db8:abcd:12::/64');
    expect(b).toBe(a);
    expect(written).toBe(a);
    expect(normalizeAddress('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('drops zone indexes, brackets and ports', () => {
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(normalizeAddress('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('203.0.113.7:51234')).toBe('203.0.113.7');
  });

  it('rejects what is not an address', () => {
    for (const bad of [
      '',
      'unknown',
      'example.com',
      '1.2.3',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::1::2',
      '999.1.1.1',
    ]) {
      expect(normalizeAddress(bad), bad).toBeNull();
    }
  });
});

describe('clientKey', () => {
  it('keys a client by its address, IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3::4')).toBe('2001:db8:1:2::/64');
  });

  it('puts requests without a readable address in one shared bucket', () => {
    expect(clientKey(undefined)).toBe(UNKNOWN_CLIENT);
    expect(clientKey('garbage')).toBe(UNKNOWN_CLIENT);
  });
});

describe('given one proxy on loopback trusted (TRUST_PROXY=loopback)', () => {
  const settings = {
    trust: compileTrust(parseConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY),
    publicUrl: undefined,
    proxyOnlyHeaders: [],
  };
  /** What the proxy passes on: the header the client wrote, with the client's address appended. */
  const throughProxy = (written: string) =>
    ({
      socket: { remoteAddress: '127.0.0.1' },
      headers: { 'x-forwarded-for': `${written}, 203.0.113.7` },
    }) as unknown as IncomingMessage;

  it('keys the address the proxy saw, whatever the client wrote before it', () => {
    expect(clientKey(clientAddress(throughProxy('198.51.100.1'), settings))).toBe('203.0.113.7');
    expect(clientKey(clientAddress(throughProxy('10.0.0.1, 127.0.0.1'), settings))).toBe(
      '203.0.113.7',
    );
  });

  it('stops a client rotating X-Forwarded-For at the sign-in limit', async () => {
    const limiters = createRateLimiters(
      { kind: 'memory' },
      { keyPrefix: `client-key-test-${process.pid}` },
    );
    const verdicts: boolean[] = [];
    for (let i = 0; i <= LIMITS.signInPerClient.points; i++) {
      const key = clientKey(clientAddress(throughProxy(`198.51.100.${i % 250}`), settings));
      verdicts.push((await limiters.consume('signInPerClient', key)).allowed);
    }
    await limiters.close();
    expect(verdicts.filter((allowed) => allowed)).toHaveLength(LIMITS.signInPerClient.points);
    expect(verdicts.at(-1)).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses a malformed value', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
