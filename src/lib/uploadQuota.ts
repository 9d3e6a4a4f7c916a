/**
 * Whether one more upload fits an account's quota (SPEC §3 "Upload quota", §8 messages).
 * A video_count quota counts videos, a video_size quota counts bytes; the periodic allowance
 * covers the current week, month or year (a rolling window), the lifetime one everything.
 * A null maximum means no limit of that kind. Whatever the quota, one file is never larger
 * than the account's plan allows.
 */
import { PLAN_MAX_UPLOAD_BYTES, type Period, type PlanType, type QuotaUnit } from './domain.ts';

export interface UploadQuota {
  unit: QuotaUnit;
  period: Period;
  periodicMax: number | null;
  lifetimeMax: number | null;
}

export interface UploadUsage {
  /** Uploads and bytes since periodStart(). */
  periodic: { videos: number; bytes: number };
  lifetime: { videos: number; bytes: number };
}

export type QuotaRefusalKey = 'quota.videoReached' | 'quota.spaceOut';

/** Start of the rolling window of a period; lifetime has none. */
export function periodStart(period: Period, now: Date): Date | null {
  const start = new Date(now);
  switch (period) {
    case 'week':
      start.setUTCDate(start.getUTCDate() - 7);
      return start;
    case 'month':
      start.setUTCMonth(start.getUTCMonth() - 1);
      return start;
    case 'year':
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      return start;
    default:
      return null;
  }
}

/** null when an upload of `bytes` fits; else the i18n key of the SPEC §8 message to show. */
export function quotaRefusal(
  quota: UploadQuota,
  usage: UploadUsage,
  bytes: number,
): QuotaRefusalKey | null {
  const byCount = quota.unit === 'video_count';
  const exceeds = (used: { videos: number; bytes: number }, max: number | null): boolean => {
    if (max === null) return false;
    return byCount ? used.videos + 1 > max : used.bytes + bytes > max;
  };
  if (exceeds(usage.periodic, quota.periodicMax) || exceeds(usage.lifetime, quota.lifetimeMax)) {
    return byCount ? 'quota.videoReached' : 'quota.spaceOut';
  }
  return null;
}

/** The largest file one upload of an account on `plan` may be; a plan the site does not know gets the free plan's. */
export function maxUploadBytes(plan: string): number {
  return Object.hasOwn(PLAN_MAX_UPLOAD_BYTES, plan)
    ? PLAN_MAX_UPLOAD_BYTES[plan as PlanType]
    : PLAN_MAX_UPLOAD_BYTES.free;
}
