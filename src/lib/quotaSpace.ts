/**
 * Which allowance the quota widget shows, and since when a period counts (SPEC §3 "Upload
 * quota": space {unit, used, max, showing periodic or lifetime}, periodic {period, used,
 * max}, lifetime {used, max}).
 */
import type { Period, QuotaUnit } from './domain.ts';
import { usedFraction } from './quotaMood.ts';

export interface Allowance {
  used: number;
  /** null: no limit of this kind. */
  max: number | null;
}

export interface QuotaSpace {
  unit: QuotaUnit;
  used: number;
  max: number;
  showing: 'periodic' | 'lifetime';
}

export interface UploadQuota {
  /** What the widget shows; null when the account has no limit at all. */
  space: QuotaSpace | null;
  periodic: Allowance & { period: Period };
  lifetime: Allowance;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Start of the current period, a rolling window ending now: the last 7 days, the same day
 * last month, the same day last year. Lifetime has no start.
 */
export function periodStart(period: Period, now: Date): Date | null {
  switch (period) {
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'month': {
      const start = new Date(now);
      start.setUTCMonth(start.getUTCMonth() - 1);
      return start;
    }
    case 'year': {
      const start = new Date(now);
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      return start;
    }
    case 'lifetime':
      return null;
  }
}

/**
 * The allowance that binds is the one shown: of a periodic and a lifetime limit, the one
 * more used. An account with neither limit has no quota to show (null).
 */
export function showingAllowance(
  unit: QuotaUnit,
  periodic: UploadQuota['periodic'],
  lifetime: Allowance,
): QuotaSpace | null {
  const asSpace = (allowance: Allowance, showing: QuotaSpace['showing']): QuotaSpace => ({
    unit,
    used: allowance.used,
    max: allowance.max ?? 0,
    showing,
  });
  if (periodic.period === 'lifetime' || periodic.max === null) {
    if (lifetime.max !== null) return asSpace(lifetime, 'lifetime');
    return periodic.max !== null ? asSpace(periodic, 'periodic') : null;
  }
  if (lifetime.max === null) return asSpace(periodic, 'periodic');
  const periodicShare = usedFraction({ used: periodic.used, max: periodic.max });
  const lifetimeShare = usedFraction({ used: lifetime.used, max: lifetime.max });
  return lifetimeShare > periodicShare
    ? asSpace(lifetime, 'lifetime')
    : asSpace(periodic, 'periodic');
}
