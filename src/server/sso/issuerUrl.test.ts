import { describe, expect, it } from 'vitest';
import { isLoopbackIssuer, issuerUrl } from './issuerUrl.ts';

describe('given an SSO issuer', () => {
  it('accepts https anywhere', () => {
    expect(issuerUrl('https://login.example.com/').href).toBe('https://login.example.com/');
  });

  it('accepts http only on loopback', () => {
    expect(issuerUrl('http://127.0.0.1:4460').origin).toBe('http://127.0.0.1:4460');
    expect(issuerUrl('http://localhost:8080/realms/demo').origin).toBe('http://localhost:8080');
    expect(issuerUrl('http://[::1]:9000').origin).toBe('http://[::1]:9000');
    expect(() => issuerUrl('http://login.example.com')).toThrow(/https/);
    expect(() => issuerUrl('http://127.0.0.1.example.com')).toThrow(/https/);
  });

  it('refuses other schemes', () => {
    expect(() => issuerUrl('ftp://127.0.0.1')).toThrow();
  });

  it('tells loopback hosts apart', () => {
    expect(isLoopbackIssuer(new URL('http://127.0.0.1'))).toBe(true);
    expect(isLoopbackIssuer(new URL('https://example.com'))).toBe(false);
  });
});
