import { describe, expect, it } from 'vitest';
import { demoSsoConnectionFromEnv } from './demoConnection.ts';

const all = {
  DEMO_SSO_ISSUER: 'http://127.0.0.1:4460',
  DEMO_SSO_CLIENT_ID: 'vitrine',
  DEMO_SSO_CLIENT_SECRET: 's3cret',
};

describe('given the demo SSO variables', () => {
  it('seeds nothing when none is set', () => {
    expect(demoSsoConnectionFromEnv({})).toBeNull();
  });

  it('describes the connection when all three are set', () => {
    expect(demoSsoConnectionFromEnv(all)).toEqual({
      name: 'Demo SSO (127.0.0.1:4460)',
      issuer: 'http://127.0.0.1:4460',
      clientId: 'vitrine',
      clientSecret: 's3cret',
    });
  });

  it('refuses a partial setting, naming the variables', () => {
    expect(() => demoSsoConnectionFromEnv({ ...all, DEMO_SSO_CLIENT_SECRET: '' })).toThrow(
      /DEMO_SSO_CLIENT_SECRET/,
    );
  });

  it('refuses a plain-http issuer off loopback', () => {
    expect(() =>
      demoSsoConnectionFromEnv({ ...all, DEMO_SSO_ISSUER: 'http://idp.example.com' }),
    ).toThrow(/https/);
  });
});
