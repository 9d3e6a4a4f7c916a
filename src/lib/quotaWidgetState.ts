/**
 * Everything the quota widget shows, decided once on the server from the account's quota
 * (SPEC §4 mood and bounce, §8 messages and modals, §9 bar cap and period labels).
 */
import type { Period } from './domain.ts';
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
} from './quotaMood.ts';
import type { QuotaSpace } from './quotaSpace.ts';

type UpgradeModalKind = 'limit' | 'almost';

export interface QuotaWidgetState {
  mood: QuotaMood;
  bounce: boolean;
  /** Bar width, 0–100. */
  percent: number;
  periodLabelKey: QuotaPeriodLabelKey;
  messageKey: QuotaMessageKey | null;
  /** The modal a click opens once (warn and limit); null in safe, where a click toggles the popover. */
  upgradeModal: UpgradeModalKind | null;
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
    upgradeModal: mood === 'limit' ? 'limit' : mood === 'warn' ? 'almost' : null,
  };
}
