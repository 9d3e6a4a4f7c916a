import { describe, expect, it } from 'vitest';
import { clientAddressLabel } from './clientAddressLabel.ts';

describe('clientAddressLabel', () => {
  describe('truncated (the default)', () => {
    it('keeps the /24 of an IPv4 address', () => {
      expect(clientAddressLabel('203.0.113.7', 'truncated')).toBe('203.0.113.0/24');
    });

    it('treats an IPv4 client on a dual-stack socket as IPv4', () => {
      expect(clientAddressLabel('::ffff:198.51.100.23', 'truncated')).toBe('198.51.100.0/24');
    });

    it('keeps the /48 of an IPv6 address', () => {
      expect(clientAddressLabel('2001:db8:1:2::5', 'truncated')).toBe('2001:db8:1::/48');
      expect(clientAddressLabel('::1', 'truncated')).toBe('0:0:0::/48');
    });

    it('logs nothing for what is not an address', () => {
      expect(clientAddressLabel('not-an-ip', 'truncated')).toBeUndefined();
      expect(clientAddressLabel(undefined, 'truncated')).toBeUndefined();
    });
  });

  it('keeps the whole address when full', () => {
    expect(clientAddressLabel('203.0.113.7', 'full')).toBe('203.0.113.7');
    expect(clientAddressLabel('2001:db8::5', 'full')).toBe('2001:db8::5');
  });

  it('keeps nothing when off', () => {
    expect(clientAddressLabel('203.0.113.7', 'off')).toBeUndefined();
  });
});
