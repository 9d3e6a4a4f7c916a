import { describe, expect, it } from 'vitest';
import { chooseSiteOrigin, parseTrustedHosts } from './siteOrigin.ts';

const settings = (publicUrl?: string, trustedHosts: string[] = []) => ({
  publicUrl: publicUrl ? new URL(publicUrl) : undefined,
  trustedHosts,
  port: 4321,
});

describe('chooseSiteOrigin', () => {
  it('writes PUBLIC_URL whatever Host the request claims', () => {
    expect(
      chooseSiteOrigin(
        new URL('http://evil.example/showcase/1'),
        settings('https://video.example.com/'),
      ),
    ).toBe('https://video.example.com');
    expect(
      chooseSiteOrigin(new URL('http://localhost:4321/'), settings('https://video.example.com')),
    ).toBe('https://video.example.com');
  });

  it('keeps a host the operator listed, with its scheme and port', () => {
    const listed = settings('https://video.example.com', [
      'films.example.org',
      'alt.example.com:8443',
    ]);
    expect(chooseSiteOrigin(new URL('https://FILMS.example.org/x'), listed)).toBe(
      'https://films.example.org',
    );
    expect(chooseSiteOrigin(new URL('https://alt.example.com:8443/x'), listed)).toBe(
      'https://alt.example.com:8443',
    );
    expect(chooseSiteOrigin(new URL('https://alt.example.com/x'), listed)).toBe(
      'https://video.example.com',
    );
  });

  it('without PUBLIC_URL trusts loopback only, and answers anything else with the local address', () => {
    expect(chooseSiteOrigin(new URL('http://127.0.0.1:4690/'), settings())).toBe(
      'http://127.0.0.1:4690',
    );
    expect(chooseSiteOrigin(new URL('http://localhost:4321/'), settings())).toBe(
      'http://localhost:4321',
    );
    expect(chooseSiteOrigin(new URL('http://[::1]:4321/'), settings())).toBe('http://[::1]:4321');
    expect(chooseSiteOrigin(new URL('http://attacker.test/'), settings())).toBe(
      'http://localhost:4321',
    );
    expect(chooseSiteOrigin(new URL('http://127.0.0.1.attacker.test/'), settings())).toBe(
      'http://localhost:4321',
    );
  });
});

describe('parseTrustedHosts', () => {
  it('splits, trims and lowers', () => {
    expect(parseTrustedHosts(' A.example.com, b.example.org:8443 ,,')).toEqual([
      'a.example.com',
      'b.example.org:8443',
    ]);
    expect(parseTrustedHosts('')).toEqual([]);
  });
});
