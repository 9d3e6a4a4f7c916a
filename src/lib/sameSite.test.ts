import { describe, expect, it } from 'vitest';
import { isSameSite, registrableDomain } from './sameSite.ts';

const site = (a: string, b: string) => isSameSite(new URL(a), new URL(b));

describe('given a static site and its app on subdomains', () => {
  it('takes www and app of one domain as one site', () => {
    expect(site('https://www.example.com', 'https://app.example.com')).toBe(true);
  });
  it('takes the bare domain and a subdomain as one site', () => {
    expect(site('https://example.com', 'https://app.example.com:8443')).toBe(true);
  });
  it('keeps two domains apart', () => {
    expect(site('https://www.example.com', 'https://app.example.net')).toBe(false);
  });
  it('keeps http and https apart', () => {
    expect(site('http://www.example.com', 'https://app.example.com')).toBe(false);
  });
  it('keeps two sites under a public second level apart', () => {
    expect(site('https://www.shop.co.uk', 'https://app.other.co.uk')).toBe(false);
    expect(registrableDomain('app.shop.co.uk')).toBe('shop.co.uk');
  });
  it('takes one loopback address on two ports as one site', () => {
    expect(site('http://127.0.0.1:5800', 'http://127.0.0.1:5810')).toBe(true);
    expect(site('http://127.0.0.1:5800', 'http://127.0.0.2:5810')).toBe(false);
  });
});
