import { describe, expect, it } from 'vitest';
import {
  embedderAllowed,
  frameAncestors,
  normalizeEmbedDomain,
  parseEmbedDomains,
} from './embedDomains.ts';

describe('embed domains', () => {
  it('normalises what an owner pastes', () => {
    expect(normalizeEmbedDomain(' Partner.Example.com ')).toBe('partner.example.com');
    expect(normalizeEmbedDomain('https://partner.example.com/films?x=1')).toBe(
      'partner.example.com',
    );
    expect(normalizeEmbedDomain('localhost:8080')).toBe('localhost:8080');
    expect(normalizeEmbedDomain('*.example.com')).toBe('*.example.com');
    expect(normalizeEmbedDomain('example.com.')).toBe('example.com');
  });

  it('refuses what is no host', () => {
    for (const bad of [
      '',
      'ftp://example.com',
      'exa mple.com',
      '*',
      '*.',
      'a.*.com',
      'example.com:99999',
      "example.com'; script-src *",
      'javascript:alert(1)',
    ]) {
      expect(normalizeEmbedDomain(bad), bad).toBeNull();
    }
  });

  it('parses a list, one per line or comma-separated, without repeats', () => {
    expect(parseEmbedDomains('a.example.com\nhttps://b.example.com, a.example.com')).toEqual({
      ok: true,
      domains: ['a.example.com', 'b.example.com'],
    });
    expect(parseEmbedDomains('a.example.com\nnot a host!')).toEqual({
      ok: false,
      invalid: ['host!'],
    });
    expect(parseEmbedDomains('')).toEqual({ ok: true, domains: [] });
    expect(
      parseEmbedDomains(Array.from({ length: 51 }, (_, i) => `d${i}.example.com`).join('\n')),
    ).toEqual({ ok: false, tooMany: true });
  });

  it('gives the frame-ancestors sources', () => {
    expect(frameAncestors([])).toBe('*');
    expect(frameAncestors(['partner.example.com'])).toBe(
      "'self' https://partner.example.com http://partner.example.com",
    );
  });

  it('allows the listed hosts, their subdomains when asked, and the site itself', () => {
    const self = 'https://vitrine.example.org';
    const list = ['partner.example.com', '*.films.example.net', 'localhost:8080'];
    expect(embedderAllowed([], 'https://anyone.example', self)).toBe(true);
    expect(embedderAllowed(list, self, self)).toBe(true);
    expect(embedderAllowed(list, 'https://partner.example.com', self)).toBe(true);
    expect(embedderAllowed(list, 'http://partner.example.com', self)).toBe(true);
    expect(embedderAllowed(list, 'https://evil-partner.example.com', self)).toBe(false);
    expect(embedderAllowed(list, 'https://www.films.example.net', self)).toBe(true);
    expect(embedderAllowed(list, 'https://films.example.net', self)).toBe(false);
    expect(embedderAllowed(list, 'http://localhost:8080', self)).toBe(true);
    expect(embedderAllowed(list, 'http://localhost:9090', self)).toBe(false);
    expect(embedderAllowed(list, 'null', self)).toBe(false);
  });
});
