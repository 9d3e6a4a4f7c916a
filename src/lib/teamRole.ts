/**
 * SPEC §6: "a signed-in user's team role is Owner if they own the album, else membership
 * role for a team with a team showcase". Only the album owner's team counts.
 */
import type { TeamRole } from './domain.ts';

export interface Membership {
  teamOwnerId: number;
  role: TeamRole;
  teamShowcaseId: number | null;
}

export function deriveTeamRole(
  viewerId: number | null,
  albumOwnerId: number,
  memberships: readonly Membership[],
): TeamRole | null {
  if (viewerId === null) return null;
  if (viewerId === albumOwnerId) return 'Owner';
  const membership = memberships.find(
    (m) => m.teamOwnerId === albumOwnerId && m.teamShowcaseId !== null,
  );
  return membership?.role ?? null;
}

/** SPEC §6: owners and admins get the edit bar, the empty-state hint and the creator toolbar. */
export function isOwnerOrAdmin(role: TeamRole | null): boolean {
  return role === 'Owner' || role === 'Admin';
}

/** SPEC §6: Contributor and Viewer roles see no search field and unlinked titles. */
export function seesRestrictedShowcase(role: TeamRole | null): boolean {
  return role === 'Contributor' || role === 'Viewer';
}

/**
 * SPEC §6 team banner: Contributor, Contributor Plus and Admin create under the team
 * account; any other role's videos go to their personal account.
 */
export function createsUnderTeamAccount(role: TeamRole): boolean {
  return role === 'Admin' || role === 'Contributor' || role === 'Contributor Plus';
}
