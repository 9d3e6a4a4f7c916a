import { describe, expect, it } from 'vitest';
import { livePollInterval } from './livePolling.ts';

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
