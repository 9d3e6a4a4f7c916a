/**
 * Everything the quota widget shows, decided once on the server from the account's quota
 * (SPEC §4 mood and bounce, §8 messages and modals, §9 bar cap and period labels).
 */
import type { Period, QuotaUnit } from './domain.ts';
import {
  progressPercent,
  quotaMessageKey,
  quotaMood,
  quotaPeriodLabel,
  shouldBounce,
  type QuotaCapabilities,
  type QuotaMessageKey,
  type QuotaMood,
  type QuotaPeriodLabelKey,
  usedFraction,
} from './quotaMood.ts';
import type { QuotaSpace } from './quotaSpace.ts';

/**
 * The words of the upgrade modal. A video-count quota has SPEC §8's modal title and body; a
 * size quota has no modal words of its own, so its title is the storage line (almost out, out
 * of space) and it has no body: the video-limit words would tell it the wrong thing.
 */
interface UpgradeModalKeys {
  titleKey:
    'quota.modalLimitTitle' | 'quota.modalAlmostTitle' | 'quota.spaceAlmost' | 'quota.spaceOut';
  bodyKey: 'quota.modalLimitBody' | 'quota.modalAlmostBody' | null;
}

export interface QuotaWidgetState {
  mood: QuotaMood;
  bounce: boolean;
  /** Bar width, 0–100. */
  percent: number;
  periodLabelKey: QuotaPeriodLabelKey;
  messageKey: QuotaMessageKey | null;
  /** The modal a click opens once (warn and limit); null in safe, where a click toggles the popover. */
  upgradeModal: UpgradeModalKeys | null;
}

function upgradeModalKeys(
  mood: QuotaMood,
  unit: QuotaUnit,
  full: boolean,
): UpgradeModalKeys | null {
  if (mood === 'safe') return null;
  if (unit === 'video_size') {
    return { titleKey: full ? 'quota.spaceOut' : 'quota.spaceAlmost', bodyKey: null };
  }
  return mood === 'limit'
    ? { titleKey: 'quota.modalLimitTitle', bodyKey: 'quota.modalLimitBody' }
    : { titleKey: 'quota.modalAlmostTitle', bodyKey: 'quota.modalAlmostBody' };
}

export function quotaWidgetState(
  space: QuotaSpace,
  period: Period,
  capabilities: QuotaCapabilities,
): QuotaWidgetState {
  const mood = quotaMood(space);
  return {
    mood,
    bounce: shouldBounce(space, mood),
    percent: Math.round(progressPercent(space)),
    periodLabelKey: quotaPeriodLabel(
      space.showing === 'lifetime' ? 'lifetime' : period,
      capabilities,
    ),
    messageKey: quotaMessageKey(mood, space.unit, space.used, space.max),
    upgradeModal: upgradeModalKeys(mood, space.unit, usedFraction(space) >= 1),
  };
}
