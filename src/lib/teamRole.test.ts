import { describe, expect, it } from 'vitest';
import {
  createsUnderTeamAccount,
  deriveTeamRole,
  isOwnerOrAdmin,
  seesRestrictedShowcase,
} from './teamRole.ts';

describe('deriveTeamRole for an album owned by user 1', () => {
  it('is Owner for user 1, whatever their memberships', () => {
    expect(deriveTeamRole(1, 1, [])).toBe('Owner');
  });
  it('is the membership role in the owner’s team when that team has a team showcase', () => {
    expect(deriveTeamRole(2, 1, [{ teamOwnerId: 1, role: 'Contributor', teamShowcaseId: 7 }])).toBe(
      'Contributor',
    );
  });
  it('is null for a team without a team showcase, another owner’s team, or nobody signed in', () => {
    expect(
      deriveTeamRole(2, 1, [{ teamOwnerId: 1, role: 'Admin', teamShowcaseId: null }]),
    ).toBeNull();
    expect(deriveTeamRole(2, 1, [{ teamOwnerId: 9, role: 'Admin', teamShowcaseId: 3 }])).toBeNull();
    expect(
      deriveTeamRole(null, 1, [{ teamOwnerId: 1, role: 'Admin', teamShowcaseId: 3 }]),
    ).toBeNull();
  });
});

describe('role capabilities', () => {
  it('gives owner tools to Owner and Admin only', () => {
    expect(
      ['Owner', 'Admin', 'Contributor', 'Viewer'].map((r) => isOwnerOrAdmin(r as never)),
    ).toEqual([true, true, false, false]);
  });
  it('restricts Contributor and Viewer', () => {
    expect(
      ['Contributor', 'Viewer', 'Contributor Plus', 'Uploader'].map((r) =>
        seesRestrictedShowcase(r as never),
      ),
    ).toEqual([true, true, false, false]);
  });
});

describe('createsUnderTeamAccount', () => {
  it('is true for the roles that create under the team account', () => {
    expect(createsUnderTeamAccount('Admin')).toBe(true);
    expect(createsUnderTeamAccount('Contributor')).toBe(true);
    expect(createsUnderTeamAccount('Contributor Plus')).toBe(true);
  });
  it('is false for roles whose videos go to their personal account', () => {
    expect(createsUnderTeamAccount('Uploader')).toBe(false);
    expect(createsUnderTeamAccount('Viewer')).toBe(false);
    expect(createsUnderTeamAccount('Owner')).toBe(false);
  });
});
