/**
 * A quota's use in words, "2.4 GB of 20 GB" or "3 of 10 videos", as the top bar's pill and the
 * home page say it.
 */
import { formatSize } from './formatSize.ts';
import { formatCount } from './localeNumber.ts';
import type { QuotaSpace } from './quotaSpace.ts';
import type { Translate } from './translationKeys.ts';

export function quotaAmount(t: Translate, locale: string, space: QuotaSpace): string {
  return space.unit === 'video_count'
    ? t('quota.amountVideos', {
        used: formatCount(space.used, locale),
        max: formatCount(space.max, locale),
      })
    : t('quota.amountSize', {
        used: formatSize(space.used, locale),
        max: formatSize(space.max, locale),
      });
}
