/**
 * The upload quota widget's state (SPEC §4 "Quota mood", §8 quota messages, §9 bar cap and
 * period labels). Thresholds are compared with integer cross-multiplication
 * (3·used ≥ 2·max rather than used/max ≥ 0.666…) so boundaries such as 20 of 30 are exact.
 */
import type { Period, QuotaUnit } from './domain.ts';

export type QuotaMood = 'safe' | 'warn' | 'limit';

export interface QuotaUsage {
  unit: QuotaUnit;
  /** Videos uploaded (video_count) or bytes used (video_size) in the current period. */
  used: number;
  max: number;
}

function sane(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * used / max, not capped (an over-quota account can exceed 1). A zero allowance counts as
 * full, since nothing more can be uploaded.
 */
export function usedFraction({ used, max }: Pick<QuotaUsage, 'used' | 'max'>): number {
  const u = sane(used);
  const m = sane(max);
  if (m === 0) return 1;
  return u / m;
}

/** Width of the progress bar in percent, 0–100 (SPEC §9: "Quota bar capped at 100%"). */
export function progressPercent(usage: Pick<QuotaUsage, 'used' | 'max'>): number {
  return Math.min(100, usedFraction(usage) * 100);
}

/**
 * SPEC §4: "Video-count, max ≤10: limit if ≤1 video remains or use ≥70%; warn at ≥50%.
 * Max >10: limit ≥90%, warn ≥two thirds. Size quotas: limit ≥90%, warn ≥two thirds."
 * Small video allowances get earlier warnings because each upload is a large share.
 */
export function quotaMood({ unit, used, max }: QuotaUsage): QuotaMood {
  const u = sane(used);
  const m = sane(max);
  if (m === 0) return 'limit';
  if (unit === 'video_count' && m <= 10) {
    if (m - u <= 1 || 10 * u >= 7 * m) return 'limit';
    if (2 * u >= m) return 'warn';
    return 'safe';
  }
  if (10 * u >= 9 * m) return 'limit';
  if (3 * u >= 2 * m) return 'warn';
  return 'safe';
}

/**
 * SPEC §4: "Pill bounces in warn/limit, and in safe when use is between two thirds and
 * three quarters." With the thresholds above a computed safe mood stays below two thirds,
 * so the safe clause only matters when the caller supplies a mood decided elsewhere
 * (for example by the server); it is kept so the rule holds whatever the mood source.
 */
export function shouldBounce(usage: QuotaUsage, mood: QuotaMood = quotaMood(usage)): boolean {
  if (mood !== 'safe') return true;
  const u = sane(usage.used);
  const m = sane(usage.max);
  return m > 0 && 3 * u >= 2 * m && 4 * u <= 3 * m;
}

export type QuotaPeriodLabelKey =
  'quota.periodWeek' | 'quota.periodMonthly' | 'quota.periodAnnual' | 'quota.periodTotal';

export interface QuotaCapabilities {
  hasTotalStorageCap: boolean;
  hasMonthlyBilling: boolean;
}

/**
 * i18n key for the period label (SPEC §9): "week (default), month, year, lifetime; label
 * Total for lifetime; year is Total if total storage cap else Annual; month is Monthly if
 * monthly billing else Total". A missing or unknown period is the default, week.
 */
export function quotaPeriodLabel(
  period: Period | string | null | undefined,
  capabilities: QuotaCapabilities,
): QuotaPeriodLabelKey {
  switch (period) {
    case 'lifetime':
      return 'quota.periodTotal';
    case 'year':
      return capabilities.hasTotalStorageCap ? 'quota.periodTotal' : 'quota.periodAnnual';
    case 'month':
      return capabilities.hasMonthlyBilling ? 'quota.periodMonthly' : 'quota.periodTotal';
    default:
      return 'quota.periodWeek';
  }
}

export type QuotaMessageKey =
  'quota.videoAlmost' | 'quota.videoReached' | 'quota.spaceAlmost' | 'quota.spaceOut';

/**
 * The upsell line under the bar (SPEC §8 quota messages). Safe shows nothing; warn or
 * limit shows the nearly-out message while use is below 100% (SPEC §9) and the
 * reached/out message once the allowance is used up.
 */
export function quotaMessageKey(
  mood: QuotaMood,
  unit: QuotaUnit,
  used: number,
  max: number,
): QuotaMessageKey | null {
  if (mood === 'safe') return null;
  const full = usedFraction({ used, max }) >= 1;
  if (unit === 'video_count') return full ? 'quota.videoReached' : 'quota.videoAlmost';
  return full ? 'quota.spaceOut' : 'quota.spaceAlmost';
}
