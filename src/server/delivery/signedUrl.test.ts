import { describe, expect, it } from 'vitest';
import { downloadFileName, signMediaPath, verifyMediaSignature } from './signedUrl.ts';

const secret = Buffer.alloc(32, 7);
const now = 1_800_000_000;

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    key: decodeURIComponent(parsed.pathname.replace('/media/', '')),
    exp: parsed.searchParams.get('exp'),
    sig: parsed.searchParams.get('sig'),
    dl: parsed.searchParams.get('dl'),
  };
}

describe('a signed media URL', () => {
  it('verifies for the key it was made for until it expires', () => {
    const { key, exp, sig } = parts(signMediaPath('videos/4/sd.mp4', { secret, now }));
    expect(key).toBe('videos/4/sd.mp4');
    expect(verifyMediaSignature(key, exp, sig, secret, now)).toBe('ok');
    expect(verifyMediaSignature(key, exp, sig, secret, Number(exp) + 1)).toBe('expired');
  });

  it('is invalid for another key, a changed expiry, another secret or no signature', () => {
    const { exp, sig } = parts(signMediaPath('videos/4/sd.mp4', { secret, now }));
    expect(verifyMediaSignature('videos/5/sd.mp4', exp, sig, secret, now)).toBe('invalid');
    expect(
      verifyMediaSignature('videos/4/sd.mp4', String(Number(exp) + 3600), sig, secret, now),
    ).toBe('invalid');
    expect(verifyMediaSignature('videos/4/sd.mp4', exp, sig, Buffer.alloc(32, 8), now)).toBe(
      'invalid',
    );
    expect(verifyMediaSignature('videos/4/sd.mp4', exp, null, secret, now)).toBe('invalid');
  });

  it('tells media signed for a public video apart, and never mistakes one audience for the other', () => {
    const shared = parts(signMediaPath('videos/4/sd.mp4', { secret, now, shared: true }));
    const restricted = parts(signMediaPath('videos/4/sd.mp4', { secret, now }));
    expect(verifyMediaSignature(shared.key, shared.exp, shared.sig, secret, now)).toBe('shared');
    expect(shared.sig).not.toBe(restricted.sig);
    expect(
      verifyMediaSignature(shared.key, shared.exp, shared.sig, secret, Number(shared.exp) + 1),
    ).toBe('expired');
  });

  it('renders the same URL within one hour window, so pages stay cacheable', () => {
    const a = signMediaPath('videos/4/sd.mp4', { secret, now: 1_800_001_000 });
    const b = signMediaPath('videos/4/sd.mp4', { secret, now: 1_800_001_000 + 60 });
    expect(a).toBe(b);
  });
});

describe('a signed download URL', () => {
  const url = signMediaPath('videos/4/source.mp4', { secret, now, download: 'Launch-source.mp4' });

  it('carries the file name and verifies with it', () => {
    const { key, exp, sig, dl } = parts(url);
    expect(dl).toBe('Launch-source.mp4');
    expect(verifyMediaSignature(key, exp, sig, secret, now, dl)).toBe('ok');
  });

  it('is invalid once the file name is changed or dropped', () => {
    const { key, exp, sig } = parts(url);
    expect(verifyMediaSignature(key, exp, sig, secret, now, 'evil.exe')).toBe('invalid');
    expect(verifyMediaSignature(key, exp, sig, secret, now, null)).toBe('invalid');
  });

  it('expires like any media URL', () => {
    const { key, exp, sig, dl } = parts(url);
    expect(verifyMediaSignature(key, exp, sig, secret, Number(exp) + 1, dl)).toBe('expired');
  });
});

describe('downloadFileName', () => {
  it('keeps letters and digits of the title, joined by dashes', () => {
    expect(downloadFileName('Hello, wörld! 2', 'hd.mp4')).toBe('Hello-w-rld-2-hd.mp4');
  });
  it('falls back to the suffix for a title without Latin letters', () => {
    expect(downloadFileName('東京', 'source.mp4')).toBe('source.mp4');
  });
});
