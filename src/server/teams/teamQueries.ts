/**
 * The teams an account belongs to (SPEC §3 "Team membership": owner.uri,
 * team_membership.role, team_data.team_showcase_id) and the team account it has switched to.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { TeamRole } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { teamMemberships, teams, users } from '../db/schema.ts';

export interface TeamMembershipRow {
  teamId: number;
  teamName: string;
  ownerId: number;
  ownerName: string;
  role: TeamRole;
  teamShowcaseId: number | null;
}

/** Teams the user is a member of, their own team (as Owner) included. */
export async function teamsOf(db: Db, userId: number): Promise<TeamMembershipRow[]> {
  const found = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      ownerId: teams.ownerId,
      ownerName: users.name,
      role: teamMemberships.role,
      teamShowcaseId: teams.teamShowcaseId,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teamMemberships.userId, userId))
    .orderBy(asc(teams.name));
  return found.map((row) => ({ ...row, role: row.role as TeamRole }));
}

/** Other people's teams: the accounts a user can switch to besides their own. */
export function switchableTeams(
  memberships: readonly TeamMembershipRow[],
  userId: number,
): TeamMembershipRow[] {
  return memberships.filter((m) => m.ownerId !== userId);
}

/** The membership of `userId` in the team owned by `ownerId`, if any. */
export async function membershipIn(
  db: Db,
  userId: number,
  ownerId: number,
): Promise<TeamMembershipRow | null> {
  const [row] = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      ownerId: teams.ownerId,
      ownerName: users.name,
      role: teamMemberships.role,
      teamShowcaseId: teams.teamShowcaseId,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(and(eq(teamMemberships.userId, userId), eq(teams.ownerId, ownerId)))
    .limit(1);
  return row ? { ...row, role: row.role as TeamRole } : null;
}
