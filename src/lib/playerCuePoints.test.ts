import { describe, expect, it } from 'vitest';
import { CuePoints } from './playerCuePoints.ts';

describe('given cue points at 5 and 10 seconds', () => {
  let next = 0;
  const points = new CuePoints(() => `cue-${(next += 1)}`);
  points.add(10, { scene: 'b' });
  points.add(5, {});

  it('lists them in time order', () => {
    expect(points.list().map((point) => point.time)).toEqual([5, 10]);
  });

  it('tells those playing crossed', () => {
    expect(points.crossed(4.8, 5.05).map((point) => point.time)).toEqual([5]);
    expect(points.crossed(5, 5.2)).toEqual([]);
  });

  it('crosses nothing going back or jumping ahead', () => {
    expect(points.crossed(11, 4)).toEqual([]);
    expect(points.crossed(0, 12)).toEqual([]);
  });

  it('forgets one removed, and says when there was none', () => {
    expect(points.remove('cue-1')).toBe(true);
    expect(points.remove('cue-1')).toBe(false);
    expect(points.list().map((point) => point.time)).toEqual([5]);
  });
});
