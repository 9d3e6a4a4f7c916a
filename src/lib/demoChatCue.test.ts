import { describe, expect, it } from 'vitest';
import { DEMO_CHAT_GAP_MS, nextDemoChatGapMs, nextDemoChatLine } from './demoChatCue.ts';

/** A random source that answers `values` in turn. */
const answers =
  (...values: number[]) =>
  () =>
    values.shift()!;

describe('the demo host’s chat cue', () => {
  it('waits between 20 and 40 seconds, the whole range in use', () => {
    expect(nextDemoChatGapMs(answers(0))).toBe(20_000);
    expect(nextDemoChatGapMs(answers(0.5))).toBe(30_000);
    expect(nextDemoChatGapMs(answers(0.999999))).toBe(40_000);
    expect(DEMO_CHAT_GAP_MS).toEqual({ min: 20_000, max: 40_000 });
  });

  it('never says the same line twice in a row', () => {
    for (const draw of [0, 0.2, 0.4, 0.6, 0.8, 0.999999]) {
      for (let previous = 0; previous < 5; previous++) {
        const next = nextDemoChatLine(5, previous, answers(draw));
        expect(next).not.toBe(previous);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(5);
      }
    }
  });

  it('reaches every other line from any line', () => {
    for (let previous = 0; previous < 4; previous++) {
      const reached = new Set(
        [0, 0.34, 0.67].map((draw) => nextDemoChatLine(4, previous, answers(draw))),
      );
      expect(reached).toEqual(new Set([0, 1, 2, 3].filter((line) => line !== previous)));
    }
  });

  it('starts anywhere, and repeats the one line when there is only one', () => {
    expect(nextDemoChatLine(3, null, answers(0))).toBe(0);
    expect(nextDemoChatLine(3, null, answers(0.999999))).toBe(2);
    expect(nextDemoChatLine(1, 0, answers(0.5))).toBe(0);
  });
});
