import { describe, expect, it } from 'vitest';
import { periodStart, showingAllowance } from './quotaSpace.ts';

const now = new Date('2026-03-31T12:00:00Z');

describe('periodStart', () => {
  it('counts a week as the last seven days', () => {
    expect(periodStart('week', now)?.toISOString()).toBe('2026-03-24T12:00:00.000Z');
  });
  it('counts a month back to the same day of the previous month', () => {
    expect(periodStart('month', new Date('2026-05-15T08:00:00Z'))?.toISOString()).toBe(
      '2026-04-15T08:00:00.000Z',
    );
  });
  it('counts a year back to the same day of the previous year', () => {
    expect(periodStart('year', now)?.toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });
  it('has no start for lifetime', () => {
    expect(periodStart('lifetime', now)).toBeNull();
  });
});

describe('showingAllowance', () => {
  it('shows the lifetime limit of a lifetime period', () => {
    expect(
      showingAllowance(
        'video_count',
        { period: 'lifetime', used: 3, max: 10 },
        { used: 3, max: 10 },
      ),
    ).toEqual({ unit: 'video_count', used: 3, max: 10, showing: 'lifetime' });
  });
  it('shows the periodic limit when there is no lifetime limit', () => {
    expect(
      showingAllowance(
        'video_size',
        { period: 'week', used: 5, max: 100 },
        { used: 90, max: null },
      ),
    ).toEqual({ unit: 'video_size', used: 5, max: 100, showing: 'periodic' });
  });
  it('shows the lifetime limit when there is no periodic one', () => {
    expect(
      showingAllowance(
        'video_size',
        { period: 'week', used: 5, max: null },
        { used: 50, max: 200 },
      ),
    ).toMatchObject({ used: 50, max: 200, showing: 'lifetime' });
  });
  it('shows whichever of both limits is more used', () => {
    expect(
      showingAllowance(
        'video_size',
        { period: 'month', used: 10, max: 100 },
        { used: 900, max: 1000 },
      ),
    ).toMatchObject({ showing: 'lifetime', used: 900 });
    expect(
      showingAllowance(
        'video_size',
        { period: 'month', used: 95, max: 100 },
        { used: 100, max: 1000 },
      ),
    ).toMatchObject({ showing: 'periodic', used: 95 });
  });
  it('shows no quota when the account has no limit at all', () => {
    expect(
      showingAllowance(
        'video_size',
        { period: 'week', used: 0, max: null },
        { used: 0, max: null },
      ),
    ).toBeNull();
  });
});
