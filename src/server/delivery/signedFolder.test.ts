import { describe, expect, it } from 'vitest';
import { signMediaFolder, verifyMediaFolder } from './signedFolder.ts';

const secret = Buffer.from('a test secret of enough length!!');
const now = 1_800_000_000;

function parts(url: string): { exp: string; sig: string; key: string } {
  const [, , , exp, sig, ...key] = url.split('/');
  return { exp: exp!, sig: sig!, key: key.map(decodeURIComponent).join('/') };
}

describe('signed media folders', () => {
  const url = signMediaFolder('videos/12/hls', 'master.m3u8', { secret, now });

  it('addresses the file under /media/p/{exp}/{sig}/', () => {
    expect(url).toMatch(/^\/media\/p\/\d+\/[\w-]+\/videos\/12\/hls\/master\.m3u8$/);
    expect(parts(url).key).toBe('videos/12/hls/master.m3u8');
  });

  it('lets the playlists and segments beside and below the master through', () => {
    const { exp, sig } = parts(url);
    for (const key of [
      'videos/12/hls/master.m3u8',
      'videos/12/hls/540/index.m3u8',
      'videos/12/hls/540/segment-003.ts',
    ]) {
      expect(verifyMediaFolder(key, exp, sig, secret, now)).toBe('ok');
    }
  });

  it('refuses files outside the folder, a changed expiry, a tampered signature and another secret', () => {
    const { exp, sig } = parts(url);
    expect(verifyMediaFolder('videos/12/source.mp4', exp, sig, secret, now)).toBe('invalid');
    expect(verifyMediaFolder('videos/13/hls/master.m3u8', exp, sig, secret, now)).toBe('invalid');
    expect(
      verifyMediaFolder('videos/12/hls/master.m3u8', String(Number(exp) + 3600), sig, secret, now),
    ).toBe('invalid');
    expect(
      verifyMediaFolder(
        'videos/12/hls/master.m3u8',
        exp,
        `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        secret,
        now,
      ),
    ).toBe('invalid');
    expect(
      verifyMediaFolder(
        'videos/12/hls/master.m3u8',
        exp,
        sig,
        Buffer.from('another secret of enough length!'),
        now,
      ),
    ).toBe('invalid');
    expect(verifyMediaFolder('videos/12/hls/master.m3u8', 'soon', sig, secret, now)).toBe(
      'invalid',
    );
  });

  it('tells a folder signed for a public video apart, and never mistakes one audience for the other', () => {
    const shared = parts(
      signMediaFolder('videos/12/hls', 'master.m3u8', { secret, now, shared: true }),
    );
    expect(
      verifyMediaFolder('videos/12/hls/540/segment-003.ts', shared.exp, shared.sig, secret, now),
    ).toBe('shared');
    expect(shared.sig).not.toBe(parts(url).sig);
    expect(
      verifyMediaFolder(
        'videos/12/hls/master.m3u8',
        shared.exp,
        shared.sig,
        secret,
        Number(shared.exp) + 1,
      ),
    ).toBe('expired');
  });

  it('expires, at least ttl seconds after signing and at most an hour later', () => {
    const { exp, sig } = parts(url);
    expect(Number(exp) - now).toBeGreaterThanOrEqual(6 * 3600);
    expect(Number(exp) - now).toBeLessThanOrEqual(7 * 3600);
    expect(verifyMediaFolder('videos/12/hls/master.m3u8', exp, sig, secret, Number(exp) + 1)).toBe(
      'expired',
    );
  });
});
