/**
 * New accounts from /sign_up against a real database (embedded PGlite, or the PostgreSQL of
 * DATABASE_URL): one account per address whatever its case, and an invitation that makes
 * the newcomer a member, or, spent, makes nothing at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('signup');

const { getDb } = await import('../db/client.ts');
const { teamMemberships, teams, users } = await import('../db/schema.ts');
const { verifyPassword } = await import('../auth/passwords.ts');
const { createInvitation, withdrawInvitation } = await import('../teams/teamMembers.ts');
const { createAccount } = await import('./signUp.ts');
const db = await getDb();

const [owner] = await db
  .insert(users)
  .values({ email: 'owner@example.test', name: 'Olivia Owner' })
  .returning();
const [team] = await db.insert(teams).values({ ownerId: owner!.id, name: 'Northwind' }).returning();

const input = (email: string, invitation: string | null = null) => ({
  name: 'Rio Tanaka',
  email,
  password: 'paper lantern river',
  locale: 'pt-BR' as const,
  invitation,
});
const accountsWith = async (email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  ).length;

describe('createAccount', () => {
  it('makes an account with an argon2id password in the language it signed up in', async () => {
    const outcome = await createAccount(db, input('rio@example.test'));
    expect(outcome.ok).toBe(true);
    const [user] = await db.select().from(users).where(eq(users.email, 'rio@example.test'));
    expect(user!.locale).toBe('pt-BR');
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, 'paper lantern river')).toBe(true);
  });

  it('refuses an address an account already uses, in any case', async () => {
    expect(await createAccount(db, input('RIO@example.TEST'))).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect(await accountsWith('rio@example.test')).toBe(1);
  });

  it('makes one account of two sign-ups with one address at the same moment', async () => {
    const outcomes = await Promise.all([
      createAccount(db, input('twin@example.test')),
      createAccount(db, input('Twin@example.test')),
    ]);
    expect(outcomes.map((outcome) => outcome.ok).sort()).toEqual([false, true]);
    expect(await accountsWith('twin@example.test')).toBe(1);
  });

  it('makes the newcomer a member with the invitation’s role', async () => {
    const { token } = await createInvitation(db, {
      teamId: team!.id,
      email: 'sam@example.test',
      role: 'Uploader',
      invitedBy: owner!.id,
    });
    const outcome = await createAccount(db, input('sam@example.test', token));
    if (!outcome.ok) throw new Error(outcome.reason);
    const [membership] = await db
      .select()
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, team!.id), eq(teamMemberships.userId, outcome.userId)));
    expect(membership!.role).toBe('Uploader');
  });

  it('makes no account at all with an invitation that was withdrawn', async () => {
    const invitation = await createInvitation(db, {
      teamId: team!.id,
      email: 'tess@example.test',
      role: 'Viewer',
      invitedBy: owner!.id,
    });
    await withdrawInvitation(db, team!.id, invitation.id);
    expect(await createAccount(db, input('tess@example.test', invitation.token))).toEqual({
      ok: false,
      reason: 'invitation',
    });
    expect(await accountsWith('tess@example.test')).toBe(0);
  });
});
