import { describe, expect, it } from 'vitest';
import { quotaWidgetState } from './quotaWidgetState.ts';

const none = { hasTotalStorageCap: false, hasMonthlyBilling: false };
const GB = 1024 ** 3;

describe('quotaWidgetState', () => {
  describe('given a lifetime video count of 10', () => {
    const count = (used: number) =>
      quotaWidgetState(
        { unit: 'video_count', used, max: 10, showing: 'lifetime' },
        'lifetime',
        none,
      );
    it('is a quiet safe pill with no message below half', () => {
      expect(count(4)).toEqual({
        mood: 'safe',
        bounce: false,
        percent: 40,
        periodLabelKey: 'quota.periodTotal',
        messageKey: null,
        upgradeModal: null,
      });
    });
    it('bounces and offers the almost-reached modal at half', () => {
      expect(count(5)).toMatchObject({
        mood: 'warn',
        bounce: true,
        messageKey: 'quota.videoAlmost',
        upgradeModal: { titleKey: 'quota.modalAlmostTitle', bodyKey: 'quota.modalAlmostBody' },
      });
    });
    it('offers the reached modal with one video left', () => {
      expect(count(9)).toMatchObject({
        mood: 'limit',
        bounce: true,
        messageKey: 'quota.videoAlmost',
        upgradeModal: { titleKey: 'quota.modalLimitTitle', bodyKey: 'quota.modalLimitBody' },
      });
    });
    it('says the limit is reached and caps the bar when over it', () => {
      expect(count(12)).toMatchObject({
        mood: 'limit',
        percent: 100,
        messageKey: 'quota.videoReached',
      });
    });
  });

  describe('given a weekly size quota', () => {
    const size = (used: number) =>
      quotaWidgetState(
        { unit: 'video_size', used, max: 20 * GB, showing: 'periodic' },
        'week',
        none,
      );
    it('labels the period Weekly', () => {
      expect(size(GB).periodLabelKey).toBe('quota.periodWeek');
    });
    it('says almost out of space at 90% and out of space at 100%', () => {
      expect(size(18 * GB)).toMatchObject({ mood: 'limit', messageKey: 'quota.spaceAlmost' });
      expect(size(20 * GB)).toMatchObject({ mood: 'limit', messageKey: 'quota.spaceOut' });
    });
    it('titles the upgrade modal with the storage line, never the video limit', () => {
      expect(size(14 * GB).upgradeModal).toEqual({ titleKey: 'quota.spaceAlmost', bodyKey: null });
      expect(size(18 * GB).upgradeModal).toEqual({ titleKey: 'quota.spaceAlmost', bodyKey: null });
      expect(size(20 * GB).upgradeModal).toEqual({ titleKey: 'quota.spaceOut', bodyKey: null });
    });
  });

  it('labels a yearly allowance by the capability rules', () => {
    const space = { unit: 'video_size' as const, used: 1, max: 10, showing: 'periodic' as const };
    expect(quotaWidgetState(space, 'year', none).periodLabelKey).toBe('quota.periodAnnual');
    expect(
      quotaWidgetState(space, 'year', { hasTotalStorageCap: true, hasMonthlyBilling: false })
        .periodLabelKey,
    ).toBe('quota.periodTotal');
  });
});
