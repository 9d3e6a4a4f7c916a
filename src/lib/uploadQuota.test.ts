import { describe, expect, it } from 'vitest';
import { PLAN_TYPES } from './domain.ts';
import { maxUploadBytes, periodStart, quotaRefusal, type UploadQuota } from './uploadQuota.ts';

const GiB = 1024 ** 3;
const none = { videos: 0, bytes: 0 };

describe('quotaRefusal', () => {
  const countQuota: UploadQuota = {
    unit: 'video_count',
    period: 'lifetime',
    periodicMax: 10,
    lifetimeMax: 10,
  };
  const sizeQuota: UploadQuota = {
    unit: 'video_size',
    period: 'week',
    periodicMax: 20 * GiB,
    lifetimeMax: null,
  };

  it('accepts the tenth video of a ten-video plan and refuses the eleventh', () => {
    const nine = { videos: 9, bytes: 0 };
    const ten = { videos: 10, bytes: 0 };
    expect(quotaRefusal(countQuota, { periodic: nine, lifetime: nine }, 5 * GiB)).toBeNull();
    expect(quotaRefusal(countQuota, { periodic: ten, lifetime: ten }, 1)).toBe(
      'quota.videoReached',
    );
  });

  it('refuses a file that would go past the weekly space', () => {
    const used = { videos: 3, bytes: 19 * GiB };
    expect(quotaRefusal(sizeQuota, { periodic: used, lifetime: used }, GiB)).toBeNull();
    expect(quotaRefusal(sizeQuota, { periodic: used, lifetime: used }, GiB + 1)).toBe(
      'quota.spaceOut',
    );
  });

  it('checks the lifetime allowance as well as the period', () => {
    const quota: UploadQuota = { ...sizeQuota, lifetimeMax: 50 * GiB };
    expect(
      quotaRefusal(quota, { periodic: none, lifetime: { videos: 40, bytes: 50 * GiB } }, 1),
    ).toBe('quota.spaceOut');
  });

  it('lets anything through when no maximum is set', () => {
    const unlimited: UploadQuota = {
      unit: 'video_size',
      period: 'week',
      periodicMax: null,
      lifetimeMax: null,
    };
    expect(quotaRefusal(unlimited, { periodic: none, lifetime: none }, 10_000 * GiB)).toBeNull();
  });
});

describe('periodStart', () => {
  const now = new Date('2026-03-31T10:00:00Z');
  it('rolls back a week, a month or a year; lifetime has no start', () => {
    expect(periodStart('week', now)?.toISOString()).toBe('2026-03-24T10:00:00.000Z');
    expect(periodStart('year', now)?.toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(periodStart('month', now)!.getTime()).toBeLessThan(now.getTime());
    expect(periodStart('lifetime', now)).toBeNull();
  });
});

describe('maxUploadBytes', () => {
  it('limits one file of a free or basic account to 2 GiB', () => {
    expect(maxUploadBytes('free')).toBe(2 * GiB);
    expect(maxUploadBytes('basic')).toBe(2 * GiB);
  });

  it('gives every plan a ceiling, none below the free one', () => {
    for (const plan of PLAN_TYPES) {
      expect(maxUploadBytes(plan)).toBeGreaterThanOrEqual(maxUploadBytes('free'));
      expect(maxUploadBytes(plan)).toBeLessThan(10 * 1024 ** 4);
    }
    expect(maxUploadBytes('enterprise')).toBe(250 * GiB);
  });

  it("gives a plan it does not know the free plan's ceiling", () => {
    expect(maxUploadBytes('gold')).toBe(2 * GiB);
    expect(maxUploadBytes('constructor')).toBe(2 * GiB);
  });
});
