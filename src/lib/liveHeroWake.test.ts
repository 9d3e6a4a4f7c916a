import { describe, expect, it } from 'vitest';
import { liveHeroWakeAfter } from './liveHeroWake.ts';
import { LIVE_POLL_DISTANT_MS, LIVE_POLL_NEAR_MS, LIVE_POLL_STREAMING_MS } from './livePolling.ts';

const now = new Date('2026-05-01T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('liveHeroWakeAfter', () => {
  it('runs at once while a countdown ticks', () => {
    expect(liveHeroWakeAfter('ready', inHours(2), now)).toBe(0);
  });

  it('waits for the first poll of an event on the air', () => {
    expect(liveHeroWakeAfter('streaming', inHours(-1), now)).toBe(LIVE_POLL_STREAMING_MS);
  });

  it('waits for the first poll of an event further than the countdown, or about to start', () => {
    expect(liveHeroWakeAfter('ready', inHours(30), now)).toBe(LIVE_POLL_DISTANT_MS);
    expect(liveHeroWakeAfter('ready', inHours(0.1), now)).toBe(LIVE_POLL_NEAR_MS);
    expect(liveHeroWakeAfter('unavailable', null, now)).toBe(LIVE_POLL_NEAR_MS);
  });

  it('leaves a replay to the first interaction', () => {
    expect(liveHeroWakeAfter('done', inHours(-5), now)).toBeNull();
  });
});
