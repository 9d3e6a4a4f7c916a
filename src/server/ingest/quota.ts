/** An account's upload usage from the `uploads` table, checked against its quota. */
import { and, count, eq, gte, sum } from 'drizzle-orm';
import type { Period, QuotaUnit } from '../../lib/domain.ts';
import { periodStart, quotaRefusal, type QuotaRefusalKey } from '../../lib/uploadQuota.ts';
import type { Db } from '../db/client.ts';
import { uploads, users } from '../db/schema.ts';

type Reader = Pick<Db, 'select'>;

async function usageSince(
  db: Reader,
  userId: number,
  since: Date | null,
): Promise<{ videos: number; bytes: number }> {
  const [row] = await db
    .select({ videos: count(), bytes: sum(uploads.bytes) })
    .from(uploads)
    .where(
      since
        ? and(eq(uploads.userId, userId), gte(uploads.createdAt, since))
        : eq(uploads.userId, userId),
    );
  return { videos: Number(row?.videos ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** null when an upload of `bytes` fits the account's quota, else the refusal's i18n key. */
export async function checkUploadQuota(
  db: Reader,
  userId: number,
  bytes: number,
  now: Date = new Date(),
): Promise<QuotaRefusalKey | null> {
  const [user] = await db
    .select({
      unit: users.quotaUnit,
      period: users.quotaPeriod,
      periodicMax: users.quotaPeriodicMax,
      lifetimeMax: users.quotaLifetimeMax,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  const quota = {
    unit: user.unit as QuotaUnit,
    period: user.period as Period,
    periodicMax: user.periodicMax,
    lifetimeMax: user.lifetimeMax,
  };
  const lifetime = await usageSince(db, userId, null);
  const start = periodStart(quota.period, now);
  const periodic = start ? await usageSince(db, userId, start) : lifetime;
  return quotaRefusal(quota, { periodic, lifetime }, bytes);
}
