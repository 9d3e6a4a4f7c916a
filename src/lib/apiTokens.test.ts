import { describe, expect, it } from 'vitest';
import {
  chosenScopes,
  credentialName,
  grantedAppScopes,
  isApiTokenShape,
  lastUsedIsStale,
  tokenExpiry,
} from './apiTokens.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('a presented bearer token', () => {
  it('is ours when it is vit_ and 43 base64url characters', () => {
    expect(isApiTokenShape(`vit_${'a'.repeat(40)}_-9`)).toBe(true);
  });

  it('is not ours when it is a JWT, a secret, too short or carries other characters', () => {
    expect(isApiTokenShape('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(isApiTokenShape(`vitsecret_${'a'.repeat(43)}`)).toBe(false);
    expect(isApiTokenShape(`vit_${'a'.repeat(42)}`)).toBe(false);
    expect(isApiTokenShape(`vit_${'a'.repeat(42)}=`)).toBe(false);
  });
});

describe('a token name', () => {
  it('is trimmed', () => {
    expect(credentialName('  Backup script ')).toBe('Backup script');
  });

  it('is refused when blank or longer than 100 characters', () => {
    expect(credentialName('   ')).toBeNull();
    expect(credentialName('x'.repeat(101))).toBeNull();
  });
});

describe('the scopes ticked for a personal access token', () => {
  it('always include public, in the order of the scope list', () => {
    expect(chosenScopes([])).toEqual(['public']);
    expect(chosenScopes(['upload', 'private'])).toEqual(['public', 'private', 'upload']);
  });

  it('are refused when one is no scope', () => {
    expect(chosenScopes(['private', 'admin'])).toBeNull();
  });
});

describe('the lifetime chosen for a token', () => {
  it('expires that many days later', () => {
    expect(tokenExpiry('30', now)).toEqual(new Date('2026-03-31T12:00:00Z'));
  });

  it('never expires when so chosen', () => {
    expect(tokenExpiry('never', now)).toBeNull();
  });

  it('is no choice when not offered', () => {
    expect(tokenExpiry('7', now)).toBeUndefined();
  });
});

describe("a token's last use", () => {
  it('is written again once a minute has passed', () => {
    expect(lastUsedIsStale(null, now)).toBe(true);
    expect(lastUsedIsStale(new Date(now.getTime() - 60_000), now)).toBe(true);
  });

  it('is not written again within the minute', () => {
    expect(lastUsedIsStale(new Date(now.getTime() - 59_000), now)).toBe(false);
  });
});

describe('the scopes an app asks for in the client-credentials grant', () => {
  it('are public when it asks for none', () => {
    expect(grantedAppScopes(undefined)).toEqual({ scopes: ['public'] });
  });

  it('are narrowed to public when it asks for scopes that need a user', () => {
    expect(grantedAppScopes(['public', 'private', 'upload'])).toEqual({ scopes: ['public'] });
  });

  it('are refused, naming it, when one is no scope', () => {
    expect(grantedAppScopes(['public', 'purchased'])).toEqual({ invalid: 'purchased' });
  });
});
