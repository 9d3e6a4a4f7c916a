/**
 * A team as its owner and admins manage it (/manage/team): its members and their roles,
 * and invitations by e-mail with a role, accepted once through their link before they
 * expire. The owner's own membership is never changed or removed here.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { INVITATION_TTL_MS, tokenUsable } from '../../lib/accountRules.ts';
import type { TeamRole } from '../../lib/domain.ts';
import { tokenDigest } from '../account/passwordReset.ts';
import type { Db } from '../db/client.ts';
import { teamInvitations, teamMemberships, teams, users } from '../db/schema.ts';

export interface TeamRow {
  id: number;
  name: string;
  ownerId: number;
}

export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  role: TeamRole;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: TeamRole;
  expiresAt: Date;
}

export async function teamOfOwner(db: Db, ownerId: number): Promise<TeamRow | null> {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.ownerId, ownerId))
    .orderBy(asc(teams.id))
    .limit(1);
  return row ?? null;
}

/** The owner's team, made (with the owner as its Owner) the first time they invite someone. */
export async function ensureTeam(db: Db, owner: { id: number; name: string }): Promise<TeamRow> {
  const existing = await teamOfOwner(db, owner.id);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ ownerId: owner.id, name: owner.name })
      .returning({ id: teams.id, name: teams.name, ownerId: teams.ownerId });
    await tx.insert(teamMemberships).values({ teamId: team!.id, userId: owner.id, role: 'Owner' });
    return team!;
  });
}

export async function listMembers(db: Db, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: teamMemberships.role })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teamMemberships.teamId, teamId))
    .orderBy(asc(users.name));
  return rows.map((row) => ({ ...row, role: row.role as TeamRole }));
}

export async function setMemberRole(
  db: Db,
  team: TeamRow,
  userId: number,
  role: TeamRole,
): Promise<boolean> {
  if (userId === team.ownerId || role === 'Owner') return false;
  const changed = await db
    .update(teamMemberships)
    .set({ role })
    .where(and(eq(teamMemberships.teamId, team.id), eq(teamMemberships.userId, userId)))
    .returning({ userId: teamMemberships.userId });
  return changed.length > 0;
}

export async function removeMember(db: Db, team: TeamRow, userId: number): Promise<boolean> {
  if (userId === team.ownerId) return false;
  const removed = await db
    .delete(teamMemberships)
    .where(
      and(
        eq(teamMemberships.teamId, team.id),
        eq(teamMemberships.userId, userId),
        ne(teamMemberships.role, 'Owner'),
      ),
    )
    .returning({ userId: teamMemberships.userId });
  return removed.length > 0;
}

/** A new invitation; answers its id and the token its link carries (only its digest is kept). */
export async function createInvitation(
  db: Db,
  input: { teamId: number; email: string; role: TeamRole; invitedBy: number },
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(teamInvitations)
    .values({
      ...input,
      tokenHash: tokenDigest(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    .returning({ id: teamInvitations.id });
  return { id: row!.id, token };
}

export async function listInvitations(
  db: Db,
  teamId: number,
  now = new Date(),
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt));
  return rows.map((row) => ({ ...row, role: row.role as TeamRole }));
}

export async function withdrawInvitation(
  db: Db,
  teamId: number,
  invitationId: number,
): Promise<boolean> {
  const removed = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.id, invitationId),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  return removed.length > 0;
}

export interface InvitationView {
  teamName: string;
  ownerId: number;
  ownerName: string;
  email: string;
  role: TeamRole;
  usable: boolean;
}

export async function findInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<InvitationView | null> {
  if (token.length > 100) return null;
  const [row] = await db
    .select({
      teamName: teams.name,
      ownerId: teams.ownerId,
      ownerName: users.name,
      email: teamInvitations.email,
      role: teamInvitations.role,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teamInvitations.tokenHash, tokenDigest(token)))
    .limit(1);
  if (!row) return null;
  return {
    teamName: row.teamName,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    email: row.email,
    role: row.role as TeamRole,
    usable: tokenUsable({ expiresAt: row.expiresAt, usedAt: row.acceptedAt }, now),
  };
}

/**
 * Makes `userId` a member with the invitation's role (a member already gets that role) and
 * answers the team owner's id; null when the link is spent or expired.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  userId: number,
  now = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, tokenDigest(token)))
      .for('update');
    if (
      !invitation ||
      !tokenUsable({ expiresAt: invitation.expiresAt, usedAt: invitation.acceptedAt }, now)
    )
      return null;
    const [team] = await tx
      .select({ ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, invitation.teamId));
    if (!team || team.ownerId === userId) return null;
    await tx
      .insert(teamMemberships)
      .values({ teamId: invitation.teamId, userId, role: invitation.role })
      .onConflictDoUpdate({
        target: [teamMemberships.teamId, teamMemberships.userId],
        set: { role: invitation.role },
      });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(eq(teamInvitations.id, invitation.id));
    return team.ownerId;
  });
}
