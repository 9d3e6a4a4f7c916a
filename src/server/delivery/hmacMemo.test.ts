import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacDigest } from './hmacMemo.ts';

describe('a remembered HMAC digest', () => {
  it('equals the digest computed afresh, for every secret and message', () => {
    const secrets = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    for (const secret of secrets) {
      for (const message of [
        'videos/4/sd.mp4\n1800003600',
        'shared:videos/4/sd.mp4\n1800003600',
        '',
      ]) {
        const fresh = createHmac('sha256', secret).update(message).digest('base64url');
        expect(hmacDigest(secret, message)).toBe(fresh);
        expect(hmacDigest(secret, message)).toBe(fresh);
      }
    }
  });

  it('keeps the digests of different secrets apart', () => {
    const a = Buffer.alloc(32, 3);
    const b = Buffer.alloc(32, 4);
    expect(hmacDigest(a, 'same')).not.toBe(hmacDigest(b, 'same'));
  });

  it('stays right past the number of digests it remembers', () => {
    const secret = Buffer.alloc(32, 5);
    for (let i = 0; i < 20_100; i++) hmacDigest(secret, `m${i}`);
    expect(hmacDigest(secret, 'm3')).toBe(
      createHmac('sha256', secret).update('m3').digest('base64url'),
    );
  });
});
