import { describe, expect, it } from 'vitest';
import { identityFromClaims, needsUserInfo } from './ssoIdentity.ts';

describe('given the claims of an identity provider', () => {
  it('takes a verified e-mail, lower-cased, and the name', () => {
    expect(
      identityFromClaims({
        sub: 'a',
        email: ' Ana@Example.COM ',
        email_verified: true,
        name: 'Ana Lima',
      }),
    ).toEqual({
      ok: true,
      identity: { email: 'ana@example.com', name: 'Ana Lima' },
    });
  });

  it('refuses an unverified e-mail, or one whose verification is not stated', () => {
    expect(identityFromClaims({ email: 'ana@example.com', email_verified: false })).toEqual({
      ok: false,
      reason: 'unverified-email',
    });
    expect(identityFromClaims({ email: 'ana@example.com' })).toEqual({
      ok: false,
      reason: 'unverified-email',
    });
  });

  it('accepts email_verified sent as the string "true"', () => {
    expect(identityFromClaims({ email: 'ana@example.com', email_verified: 'true' }).ok).toBe(true);
  });

  it('refuses a missing or malformed e-mail', () => {
    expect(identityFromClaims({ sub: 'a' })).toEqual({ ok: false, reason: 'no-email' });
    expect(identityFromClaims({ email: 'not an address', email_verified: true })).toEqual({
      ok: false,
      reason: 'no-email',
    });
  });

  it('fills what the ID token leaves out from UserInfo, but never overrides it', () => {
    expect(
      identityFromClaims(
        { sub: 'a', email: 'ana@example.com' },
        { email: 'eve@example.com', email_verified: true, name: 'Ana' },
      ),
    ).toEqual({
      ok: true,
      identity: { email: 'ana@example.com', name: 'Ana' },
    });
  });

  it('names the account from given and family names, the username, else the e-mail', () => {
    const base = { email: 'ana@example.com', email_verified: true };
    expect(identityFromClaims({ ...base, given_name: 'Ana', family_name: 'Lima' })).toMatchObject({
      identity: { name: 'Ana Lima' },
    });
    expect(identityFromClaims({ ...base, preferred_username: 'ana.l' })).toMatchObject({
      identity: { name: 'ana.l' },
    });
    expect(identityFromClaims(base)).toMatchObject({ identity: { name: 'ana' } });
  });

  it('asks UserInfo only when the ID token lacks the e-mail or its verification', () => {
    expect(needsUserInfo({ sub: 'a' })).toBe(true);
    expect(needsUserInfo({ email: 'ana@example.com' })).toBe(true);
    expect(needsUserInfo({ email: 'ana@example.com', email_verified: false })).toBe(false);
  });
});
