import { describe, expect, it } from 'vitest';
import { LIVE_POLL_NEAR_MS, livePollInterval, liveWaitAttributes } from './livePolling.ts';

const NOW = new Date('2026-03-05T12:00:00Z');
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe('livePollInterval', () => {
  it('polls every 8 s while streaming, however far its next start', () => {
    expect(livePollInterval('streaming', inHours(-1), NOW)).toBe(8_000);
    expect(livePollInterval('streaming', inHours(48), NOW)).toBe(8_000);
    expect(livePollInterval('streaming', null, NOW)).toBe(8_000);
  });

  describe('given an upcoming event', () => {
    it('polls every 15 s when the start is more than 24 h away', () => {
      expect(livePollInterval('pending', new Date(inHours(24).getTime() + 1), NOW)).toBe(15_000);
    });
    it('polls every 8 s at exactly 24 h', () => {
      expect(livePollInterval('pending', inHours(24), NOW)).toBe(8_000);
    });
    it('polls every 8 s at exactly 12 h', () => {
      expect(livePollInterval('pending', inHours(12), NOW)).toBe(8_000);
    });
    it('polls every 5 s just under 12 h', () => {
      expect(livePollInterval('pending', new Date(inHours(12).getTime() - 1), NOW)).toBe(5_000);
    });
    it('polls every 5 s once the start has passed', () => {
      expect(livePollInterval('ready', inHours(-0.5), NOW)).toBe(5_000);
    });
    it('polls every 5 s when it has no start time', () => {
      expect(livePollInterval('unavailable', null, NOW)).toBe(5_000);
    });
    it('reads an ISO start time as the API sends it', () => {
      expect(livePollInterval('pending', inHours(30).toISOString(), NOW)).toBe(15_000);
    });
    it('treats an unreadable start time as unknown', () => {
      expect(livePollInterval('pending', 'not a date', NOW)).toBe(5_000);
    });
  });
});

describe('liveWaitAttributes', () => {
  it('names the event, its state and when its first poll is due', () => {
    const now = new Date('2026-03-07T20:00:00Z');
    const live = { status: 'unavailable', start_time: '2026-03-07T21:00:00Z' };
    expect(
      liveWaitAttributes(
        { albumId: 4, videoId: 42, state: 'upcoming', live, pollQuery: '{}' },
        now,
      ),
    ).toEqual({
      'data-lazy': 'live-wait',
      'data-lazy-after': LIVE_POLL_NEAR_MS,
      'data-album': 4,
      'data-video': 42,
      'data-state': 'upcoming',
      'data-status': 'unavailable',
      'data-start': '2026-03-07T21:00:00Z',
      'data-query': '{}',
    });
  });
});
