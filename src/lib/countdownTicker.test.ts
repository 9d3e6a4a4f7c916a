import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_TICKER } from './countdownTicker.ts';
import { countdownClock, liveCountdown } from './liveCountdown.ts';

const START = new Date('2026-03-07T21:15:00Z');

interface Part {
  hidden: boolean;
  textContent: string;
}

/** The countdown's host as the server renders it, with just what the ticker touches. */
function renderHost(server: 'countdown' | 'startingSoon' = 'countdown') {
  const soon = server === 'startingSoon';
  const parts: Record<string, Part> = {
    '[data-countdown-timer]': { hidden: soon, textContent: '' },
    '[data-countdown-clock]': { hidden: false, textContent: soon ? '' : 'stale' },
    '[data-starting-soon]': { hidden: !soon, textContent: 'Starting soon...' },
  };
  const host = {
    getAttribute: (name: string) => (name === 'data-countdown-to' ? START.toISOString() : null),
    querySelector: (selector: string) => parts[selector] ?? null,
  };
  new Function('document', COUNTDOWN_TICKER)({ currentScript: { parentNode: host } });
  return {
    clock: () => parts['[data-countdown-clock]']!.textContent,
    timerHidden: () => parts['[data-countdown-timer]']!.hidden,
    soonHidden: () => parts['[data-starting-soon]']!.hidden,
  };
}

describe('the countdown ticker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the time left at once, from the browser’s clock, and ticks each second', () => {
    vi.setSystemTime(START.getTime() - (2 * 3_600 + 14 * 60 + 5) * 1_000);
    const host = renderHost();
    expect(host.clock()).toBe('02:14:05');
    vi.advanceTimersByTime(1_000);
    expect(host.clock()).toBe('02:14:04');
    expect(host.soonHidden()).toBe(true);
  });

  it('counts as the live hero does', () => {
    for (const left of [12 * 3_600_000 - 1_000, 3_600_000, 901_000, 900_001]) {
      vi.setSystemTime(START.getTime() - left);
      const expected = liveCountdown(START, new Date());
      const host = renderHost();
      expect(expected.kind).toBe('countdown');
      if (expected.kind === 'countdown') expect(host.clock()).toBe(countdownClock(expected));
    }
  });

  it('says Starting soon... at 900 s, and stops ticking', () => {
    vi.setSystemTime(START.getTime() - 902_000);
    const host = renderHost();
    expect(host.clock()).toBe('00:15:02');
    vi.advanceTimersByTime(1_000);
    expect(host.clock()).toBe('00:15:01');
    vi.advanceTimersByTime(1_000);
    expect(host.timerHidden()).toBe(true);
    expect(host.soonHidden()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts down where the server thought it was starting soon but the browser has time left', () => {
    vi.setSystemTime(START.getTime() - 1_000_000);
    const host = renderHost('startingSoon');
    expect(host.timerHidden()).toBe(false);
    expect(host.soonHidden()).toBe(true);
    expect(host.clock()).toBe('00:16:40');
  });
});
