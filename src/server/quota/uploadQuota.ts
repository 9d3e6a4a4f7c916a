/**
 * An account's upload quota (SPEC §3 "Upload quota", §7 "Quota: … membership.type and
 * uploadQuota"), measured from the uploads table: each accepted upload counts against the
 * period it was made in, even after its video is deleted (uploads.video_id is set null).
 */
import { and, count, eq, gte, sum } from 'drizzle-orm';
import type { Period, PlanType, QuotaUnit } from '../../lib/domain.ts';
import { periodStart, showingAllowance, type UploadQuota } from '../../lib/quotaSpace.ts';
import type { QuotaCapabilities } from '../../lib/quotaMood.ts';
import type { Db } from '../db/client.ts';
import { uploads, users } from '../db/schema.ts';

export interface AccountQuota {
  userId: number;
  name: string;
  membership: { type: PlanType };
  capabilities: QuotaCapabilities;
  uploadQuota: UploadQuota;
}

async function usageSince(
  db: Db,
  userId: number,
  since: Date | null,
  unit: QuotaUnit,
): Promise<number> {
  const where = since
    ? and(eq(uploads.userId, userId), gte(uploads.createdAt, since))
    : eq(uploads.userId, userId);
  const [row] = await db
    .select({ videos: count(), bytes: sum(uploads.bytes).mapWith(Number) })
    .from(uploads)
    .where(where);
  return unit === 'video_count' ? (row?.videos ?? 0) : (row?.bytes ?? 0);
}

export async function accountQuota(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<AccountQuota | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const unit = user.quotaUnit as QuotaUnit;
  const period = user.quotaPeriod as Period;
  const [periodicUsed, lifetimeUsed] = await Promise.all([
    usageSince(db, userId, periodStart(period, now), unit),
    usageSince(db, userId, null, unit),
  ]);
  const periodic = { period, used: periodicUsed, max: user.quotaPeriodicMax };
  const lifetime = { used: lifetimeUsed, max: user.quotaLifetimeMax };
  return {
    userId: user.id,
    name: user.name,
    membership: { type: user.membershipType as PlanType },
    capabilities: {
      hasTotalStorageCap: user.hasTotalStorageCap,
      hasMonthlyBilling: user.hasMonthlyBilling,
    },
    uploadQuota: { space: showingAllowance(unit, periodic, lifetime), periodic, lifetime },
  };
}
