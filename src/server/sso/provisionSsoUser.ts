/**
 * Just-in-time provisioning for SSO: the identity provider of a team vouches for a verified
 * e-mail, so the account with that e-mail signs in, or is created on first sign-in (no
 * password, plan 'free'), and becomes a Viewer of the connection's team if it was not a
 * member yet. Existing roles are never changed (an Admin who signs in by SSO stays Admin).
 *
 * Trust: whoever configures a connection can assert any e-mail for it, so connections are
 * set up by the operator of this server (database, or the demo seed), not by team admins.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teamMemberships, users } from '../db/schema.ts';
import type { SsoIdentity } from './ssoIdentity.ts';

export async function provisionSsoUser(
  db: Db,
  teamId: number,
  identity: SsoIdentity,
): Promise<{ userId: number; created: boolean; joined: boolean }> {
  return db.transaction(async (tx) => {
    const byEmail = sql`lower(${users.email}) = ${identity.email}`;
    let [user] = await tx.select({ id: users.id }).from(users).where(byEmail).limit(1);
    let created = false;
    if (!user) {
      // Another sign-in may create the same account at the same moment: the unique
      // lower(email) index decides, and the loser reads the winner's row.
      [user] = await tx
        .insert(users)
        .values({
          email: identity.email,
          name: identity.name,
          passwordHash: null,
          membershipType: 'free',
          // The quota of a free account, as the demo seed gives it.
          quotaUnit: 'video_count',
          quotaPeriod: 'lifetime',
          quotaPeriodicMax: 10,
          quotaLifetimeMax: 10,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      created = Boolean(user);
      user ??= (await tx.select({ id: users.id }).from(users).where(byEmail).limit(1))[0];
    }
    if (!user) throw new Error('SSO account could not be created');
    const joined = await tx
      .insert(teamMemberships)
      .values({ teamId, userId: user.id, role: 'Viewer' })
      .onConflictDoNothing()
      .returning({ userId: teamMemberships.userId });
    return { userId: user.id, created, joined: joined.length > 0 };
  });
}
