import { describe, expect, it } from 'vitest';

process.env['VAULT_SECRET'] = 'a vault secret for this test';
const { openStreamKey, sealStreamKey } = await import('./simulcastVault.ts');

describe('simulcast stream keys at rest', () => {
  it('opens what it sealed, the key nowhere in what is stored', () => {
    const sealed = sealStreamKey('live_12345_secret');
    expect(sealed).not.toContain('live_12345');
    expect(openStreamKey(sealed)).toBe('live_12345_secret');
  });

  it('seals the same key differently each time', () => {
    expect(sealStreamKey('k')).not.toBe(sealStreamKey('k'));
  });

  it('opens nothing altered', () => {
    const [iv, tag, body] = sealStreamKey('live_12345').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openStreamKey([iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openStreamKey('garbage')).toBeNull();
  });
});
