import { describe, expect, it } from 'vitest';
import {
  progressPercent,
  quotaMessageKey,
  quotaMood,
  quotaPeriodLabel,
  shouldBounce,
  usedFraction,
} from './quotaMood.ts';

const count = (used: number, max: number) => ({ unit: 'video_count' as const, used, max });
const size = (used: number, max: number) => ({ unit: 'video_size' as const, used, max });

describe('quotaMood', () => {
  describe('given a video-count quota of 10', () => {
    it('is limit when one video remains', () => {
      expect(quotaMood(count(9, 10))).toBe('limit');
    });
    it('is limit at exactly 70%', () => {
      expect(quotaMood(count(7, 10))).toBe('limit');
    });
    it('is warn just below 70%', () => {
      expect(quotaMood(count(6, 10))).toBe('warn');
    });
    it('is warn at exactly 50%', () => {
      expect(quotaMood(count(5, 10))).toBe('warn');
    });
    it('is safe just below 50%', () => {
      expect(quotaMood(count(4, 10))).toBe('safe');
    });
    it('is limit when over the allowance', () => {
      expect(quotaMood(count(12, 10))).toBe('limit');
    });
  });

  describe('given a video-count quota of 3', () => {
    it('is limit when one video remains even though use is below 70%', () => {
      expect(quotaMood(count(2, 3))).toBe('limit');
    });
    it('is safe when two videos remain at 33%', () => {
      expect(quotaMood(count(1, 3))).toBe('safe');
    });
  });

  describe('given a video-count quota of 7', () => {
    it('is limit at 71%', () => {
      expect(quotaMood(count(5, 7))).toBe('limit');
    });
    it('is warn at 57%', () => {
      expect(quotaMood(count(4, 7))).toBe('warn');
    });
    it('is safe at 43%', () => {
      expect(quotaMood(count(3, 7))).toBe('safe');
    });
  });

  describe('given a video-count quota of 1', () => {
    it('is limit before anything is uploaded, since only one video remains', () => {
      expect(quotaMood(count(0, 1))).toBe('limit');
    });
  });

  describe('given a video-count quota of 30 (more than 10)', () => {
    it('is limit at exactly 90%', () => {
      expect(quotaMood(count(27, 30))).toBe('limit');
    });
    it('is warn just below 90%', () => {
      expect(quotaMood(count(26, 30))).toBe('warn');
    });
    it('is warn at exactly two thirds', () => {
      expect(quotaMood(count(20, 30))).toBe('warn');
    });
    it('is safe just below two thirds', () => {
      expect(quotaMood(count(19, 30))).toBe('safe');
    });
    it('is safe at 60%, where a small quota would warn', () => {
      expect(quotaMood(count(18, 30))).toBe('safe');
    });
  });

  describe('given a video-count quota of 11', () => {
    it('uses the large-quota thresholds', () => {
      expect(quotaMood(count(7, 11))).toBe('safe');
      expect(quotaMood(count(8, 11))).toBe('warn');
      expect(quotaMood(count(9, 11))).toBe('warn');
      expect(quotaMood(count(10, 11))).toBe('limit');
    });
  });

  describe('given a size quota of 3000 bytes', () => {
    it('is limit at exactly 90%', () => {
      expect(quotaMood(size(2700, 3000))).toBe('limit');
    });
    it('is warn just below 90%', () => {
      expect(quotaMood(size(2699, 3000))).toBe('warn');
    });
    it('is warn at exactly two thirds', () => {
      expect(quotaMood(size(2000, 3000))).toBe('warn');
    });
    it('is safe just below two thirds', () => {
      expect(quotaMood(size(1999, 3000))).toBe('safe');
    });
  });

  describe('given a small size quota', () => {
    it('does not apply the one-remaining rule of video counts', () => {
      expect(quotaMood(size(5, 10))).toBe('safe');
      expect(quotaMood(size(9, 10))).toBe('limit');
    });
  });

  describe('given no allowance', () => {
    it('is limit', () => {
      expect(quotaMood(size(0, 0))).toBe('limit');
      expect(quotaMood(count(0, 0))).toBe('limit');
    });
  });

  it('treats negative or NaN use as nothing used', () => {
    expect(quotaMood(size(-5, 100))).toBe('safe');
    expect(quotaMood(size(Number.NaN, 100))).toBe('safe');
  });
});

describe('shouldBounce', () => {
  it('bounces in warn', () => {
    expect(shouldBounce(size(2000, 3000))).toBe(true);
  });
  it('bounces in limit', () => {
    expect(shouldBounce(count(9, 10))).toBe(true);
  });
  it('does not bounce in a computed safe mood', () => {
    expect(shouldBounce(size(1999, 3000))).toBe(false);
    expect(shouldBounce(count(4, 10))).toBe(false);
  });
  describe('given a safe mood decided elsewhere', () => {
    it('bounces at exactly two thirds', () => {
      expect(shouldBounce(size(2000, 3000), 'safe')).toBe(true);
    });
    it('bounces between two thirds and three quarters', () => {
      expect(shouldBounce(size(70, 100), 'safe')).toBe(true);
    });
    it('bounces at exactly three quarters', () => {
      expect(shouldBounce(size(75, 100), 'safe')).toBe(true);
    });
    it('does not bounce just above three quarters', () => {
      expect(shouldBounce(size(76, 100), 'safe')).toBe(false);
    });
    it('does not bounce just below two thirds', () => {
      expect(shouldBounce(size(1999, 3000), 'safe')).toBe(false);
    });
  });
});

describe('usedFraction and progressPercent', () => {
  it('divides used by max', () => {
    expect(usedFraction({ used: 1, max: 4 })).toBe(0.25);
    expect(progressPercent({ used: 1, max: 4 })).toBe(25);
  });
  it('does not cap the fraction but caps the bar at 100%', () => {
    expect(usedFraction({ used: 15, max: 10 })).toBe(1.5);
    expect(progressPercent({ used: 15, max: 10 })).toBe(100);
  });
  it('shows a zero allowance as a full bar', () => {
    expect(progressPercent({ used: 0, max: 0 })).toBe(100);
  });
  it('never goes below 0%', () => {
    expect(progressPercent({ used: -3, max: 10 })).toBe(0);
  });
});

describe('quotaPeriodLabel', () => {
  const none = { hasTotalStorageCap: false, hasMonthlyBilling: false };
  const both = { hasTotalStorageCap: true, hasMonthlyBilling: true };
  it('labels week as weekly, and is the default', () => {
    expect(quotaPeriodLabel('week', none)).toBe('quota.periodWeek');
    expect(quotaPeriodLabel(undefined, none)).toBe('quota.periodWeek');
    expect(quotaPeriodLabel('fortnight', none)).toBe('quota.periodWeek');
  });
  it('labels lifetime as Total', () => {
    expect(quotaPeriodLabel('lifetime', none)).toBe('quota.periodTotal');
    expect(quotaPeriodLabel('lifetime', both)).toBe('quota.periodTotal');
  });
  it('labels year as Total with a total storage cap, else Annual', () => {
    expect(quotaPeriodLabel('year', both)).toBe('quota.periodTotal');
    expect(quotaPeriodLabel('year', none)).toBe('quota.periodAnnual');
  });
  it('labels month as Monthly with monthly billing, else Total', () => {
    expect(quotaPeriodLabel('month', both)).toBe('quota.periodMonthly');
    expect(quotaPeriodLabel('month', none)).toBe('quota.periodTotal');
  });
});

describe('quotaMessageKey', () => {
  it('shows nothing in safe', () => {
    expect(quotaMessageKey('safe', 'video_count', 1, 10)).toBeNull();
    expect(quotaMessageKey('safe', 'video_size', 1, 10)).toBeNull();
  });
  describe('given a video-count quota of 10', () => {
    it('says almost reached while below 100%', () => {
      expect(quotaMessageKey('warn', 'video_count', 5, 10)).toBe('quota.videoAlmost');
      expect(quotaMessageKey('limit', 'video_count', 9, 10)).toBe('quota.videoAlmost');
    });
    it('says reached at 100% and beyond', () => {
      expect(quotaMessageKey('limit', 'video_count', 10, 10)).toBe('quota.videoReached');
      expect(quotaMessageKey('limit', 'video_count', 11, 10)).toBe('quota.videoReached');
    });
  });
  describe('given a size quota', () => {
    it('says almost out of space while below 100%', () => {
      expect(quotaMessageKey('limit', 'video_size', 999, 1000)).toBe('quota.spaceAlmost');
    });
    it('says out of space at 100%', () => {
      expect(quotaMessageKey('limit', 'video_size', 1000, 1000)).toBe('quota.spaceOut');
    });
  });
});
