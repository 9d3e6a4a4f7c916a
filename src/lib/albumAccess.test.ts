import { describe, expect, it } from 'vitest';
import { ACCESS_CODE, decideAccess, screenFor, type AccessFacts } from './albumAccess.ts';

const anonymous: AccessFacts = {
  exists: true,
  privacy: 'anybody',
  layout: 'grid',
  embedded: false,
  signedIn: false,
  teamRole: null,
  passwordProofValid: false,
  passwordRejected: false,
  shareHashValid: false,
};
const facts = (over: Partial<AccessFacts>): AccessFacts => ({ ...anonymous, ...over });

describe('decideAccess', () => {
  it('lets anybody watch a public showcase', () => {
    expect(decideAccess(anonymous)).toEqual({ allowed: true });
  });

  it('answers an unknown showcase and a private one alike, as 5', () => {
    expect(decideAccess(facts({ exists: false }))).toEqual({ allowed: false, code: ACCESS_CODE.unknown });
    expect(decideAccess(facts({ privacy: 'nobody' }))).toEqual({ allowed: false, code: 5 });
  });

  describe('given a password showcase', () => {
    const password = facts({ privacy: 'password' });
    it('asks for the password (0), then says it was wrong (1)', () => {
      expect(decideAccess(password)).toEqual({ allowed: false, code: 0 });
      expect(decideAccess({ ...password, passwordRejected: true })).toEqual({ allowed: false, code: 1 });
    });
    it('opens with a valid proof of the current password', () => {
      expect(decideAccess({ ...password, passwordProofValid: true })).toEqual({ allowed: true });
    });
  });

  describe('given a team showcase', () => {
    const team = facts({ privacy: 'team' });
    it('asks an anonymous viewer to sign in (2)', () => {
      expect(decideAccess(team)).toEqual({ allowed: false, code: 2 });
    });
    it('refuses a signed-in viewer outside the team (3)', () => {
      expect(decideAccess({ ...team, signedIn: true })).toEqual({ allowed: false, code: 3 });
    });
    it.each(['Owner', 'Admin', 'Contributor', 'Contributor Plus', 'Uploader', 'Viewer'] as const)('opens for a signed-in %s', (role) => {
      expect(decideAccess({ ...team, signedIn: true, teamRole: role })).toEqual({ allowed: true });
    });
  });

  it('shows an embed-only showcase only inside an embed (4)', () => {
    expect(decideAccess(facts({ layout: 'embed-only' }))).toEqual({ allowed: false, code: 4 });
    expect(decideAccess(facts({ layout: 'embed-only', embedded: true }))).toEqual({ allowed: true });
  });

  it('opens an unlisted showcase only with its share hash (6)', () => {
    expect(decideAccess(facts({ privacy: 'unlisted' }))).toEqual({ allowed: false, code: 6 });
    expect(decideAccess(facts({ privacy: 'unlisted', shareHashValid: true }))).toEqual({ allowed: true });
  });

  it('always lets the owner in', () => {
    for (const privacy of ['password', 'team', 'unlisted', 'nobody'] as const) {
      expect(decideAccess(facts({ privacy, signedIn: true, teamRole: 'Owner', layout: 'embed-only' }))).toEqual({ allowed: true });
    }
  });
});

describe('screenFor', () => {
  it('maps each code to its screen', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((c) => screenFor(c as never))).toEqual([
      'password', 'password', 'signIn', 'teamNoAccess', 'notAvailable', 'notAvailable', 'notAvailable',
    ]);
  });
});
