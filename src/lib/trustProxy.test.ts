import { describe, expect, it } from 'vitest';
import { compileTrust, parseTrustProxy } from './trustProxy.ts';

describe('parseTrustProxy', () => {
  it('reads false and true in their usual spellings', () => {
    for (const off of ['', 'false', 'no', 'FALSE']) expect(parseTrustProxy(off), off).toBe(false);
    for (const on of ['true', 'yes', 'True']) expect(parseTrustProxy(on), on).toBe(true);
  });

  it('reads a number as a count of hops', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('reads a comma list of addresses, ranges and named ranges', () => {
    expect(parseTrustProxy('loopback, 10.0.0.0/8 ,2001:db8::/32,192.0.2.1')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.1',
    ]);
    expect(parseTrustProxy('uniquelocal,linklocal')).toEqual(['uniquelocal', 'linklocal']);
  });

  it('names the entry it cannot read', () => {
    expect(() => parseTrustProxy('loopback, 10.0.0.0/99')).toThrow(/"10\.0\.0\.0\/99"/);
    expect(() => parseTrustProxy('maybe')).toThrow(/"maybe"/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/proxy\.example\.com/);
  });
});

describe('compileTrust', () => {
  it('trusts nobody when false, every hop when true', () => {
    expect(compileTrust(false)('127.0.0.1', 0)).toBe(false);
    expect(compileTrust(true)('198.51.100.9', 5)).toBe(true);
  });

  it('trusts the n nearest hops for a count', () => {
    const two = compileTrust(2);
    expect([0, 1, 2].map((hop) => two('198.51.100.9', hop))).toEqual([true, true, false]);
  });

  it('trusts hops in the listed ranges, IPv4 clients of a dual-stack socket included', () => {
    const trust = compileTrust(['loopback', '10.0.0.0/8']);
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('::ffff:10.1.2.3', 1)).toBe(true);
    expect(trust('198.51.100.9', 0)).toBe(false);
    expect(trust('unknown', 0)).toBe(false);
  });
});
