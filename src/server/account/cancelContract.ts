/**
 * Cancelling the contract of a paid plan (SPEC §2 /settings/billing/membership_plan/optout;
 * Germany's § 312k BGB wants it one button away). Vitrine bills nothing itself: the plan is
 * what the site's administrator set on the account, so cancelling ends it at once and the
 * account continues on the free plan, keeping its videos and showcases.
 */
import { eq } from 'drizzle-orm';
import { hasPaidCapability } from '../../lib/downloadAccess.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** True when a paid plan ended; false when the account had none to end. */
export async function cancelContract(db: Db, userId: number): Promise<boolean> {
  const [user] = await db
    .select({ plan: users.membershipType })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !hasPaidCapability(user.plan)) return false;
  await db.update(users).set({ membershipType: 'free' }).where(eq(users.id, userId));
  return true;
}
