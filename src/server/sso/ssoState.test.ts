import { describe, expect, it } from 'vitest';
import { openSsoState, sealSsoState, type SsoState } from './ssoState.ts';

const key = Buffer.alloc(32, 7);
const state: SsoState = {
  codeVerifier: 'v'.repeat(43),
  state: 's',
  nonce: 'n',
  connectionId: 1,
  returnTo: '/showcase/7',
  expiresAt: 2_000,
};

describe('given a sealed SSO state cookie', () => {
  it('opens to the same state before it expires', () => {
    expect(openSsoState(sealSsoState(state, key), key, 1_000)).toEqual(state);
  });

  it('is refused once expired', () => {
    expect(openSsoState(sealSsoState(state, key), key, 2_000)).toBeNull();
  });

  it('is refused when signed with another key', () => {
    expect(openSsoState(sealSsoState(state, Buffer.alloc(32, 8)), key, 1_000)).toBeNull();
  });

  it('is refused when its content is altered', () => {
    const [, signature] = sealSsoState(state, key).split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, returnTo: '/elsewhere' })).toString(
      'base64url',
    );
    expect(openSsoState(`${forged}.${signature}`, key, 1_000)).toBeNull();
  });

  it('is refused when missing or malformed', () => {
    expect(openSsoState(undefined, key)).toBeNull();
    expect(openSsoState('garbage', key)).toBeNull();
    expect(openSsoState('a.b.c', key)).toBeNull();
  });
});
