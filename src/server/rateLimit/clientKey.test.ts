import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { clientKey, normalizeAddress, UNKNOWN_CLIENT } from './clientKey.ts';

const request = (xff?: string) => new Request('http://localhost/x', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });

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
    for (const bad of ['', 'unknown', 'example.com', '1.2.3', '1:2:3:4:5:6:7:8:9', '2001:db8::1::2', '999.1.1.1']) {
      expect(normalizeAddress(bad), bad).toBeNull();
    }
  });
});

describe('clientKey', () => {
  it('uses clientAddress and ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(clientKey(request('198.51.100.9'), '203.0.113.7', false)).toBe('203.0.113.7');
    expect(clientKey(request('198.51.100.9'), '2001:db8:1:2:3::4', false)).toBe('2001:db8:1:2::/64');
  });

  it('takes the first X-Forwarded-For entry with TRUST_PROXY=true', () => {
    expect(clientKey(request('198.51.100.9, 10.0.0.2, 10.0.0.1'), '10.0.0.1', true)).toBe('198.51.100.9');
    expect(clientKey(request(' 2001:db8:aa:bb:cc::1 ,10.0.0.1'), '10.0.0.1', true)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(request('[2001:db8::7]:443'), '10.0.0.1', true)).toBe('2001:db8:0:0::/64');
  });

  it('falls back to clientAddress when the forwarded entry is missing or not an address', () => {
    expect(clientKey(request(), '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientKey(request(''), '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientKey(request('unknown, 198.51.100.9'), '10.0.0.1', true)).toBe('10.0.0.1');
  });

  it('puts requests without a readable address in one shared bucket', () => {
    expect(clientKey(request(), undefined, false)).toBe(UNKNOWN_CLIENT);
    expect(clientKey(request(), 'garbage', false)).toBe(UNKNOWN_CLIENT);
  });

  it('refuses a malformed TRUST_PROXY', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
