import { describe, expect, it } from 'vitest';
import { shareOffered } from './shareVisibility.ts';

const open = { allowShare: true, domain: null, privacyView: 'anybody', viewerIsOwner: false };

describe('share offered', () => {
  it('on a public showcase', () => expect(shareOffered(open)).toBe(true));
  it('not when the owner turned sharing off', () =>
    expect(shareOffered({ ...open, allowShare: false })).toBe(false));
  it('not on a showcase with its own domain', () =>
    expect(shareOffered({ ...open, domain: 'films.example.com' })).toBe(false));
  it('on a password showcase only to its owner', () => {
    expect(shareOffered({ ...open, privacyView: 'password' })).toBe(false);
    expect(shareOffered({ ...open, privacyView: 'password', viewerIsOwner: true })).toBe(true);
  });
  it('on a team showcase to its members', () =>
    expect(shareOffered({ ...open, privacyView: 'team' })).toBe(true));
});
