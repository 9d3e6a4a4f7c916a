import { describe, expect, it } from 'vitest';
import { formatBehind, readLiveEdge } from './liveEdge.ts';

describe('readLiveEdge', () => {
  it('is live at the edge', () => {
    expect(readLiveEdge(100, 100)).toEqual({ kind: 'live' });
  });

  it('is live a few seconds behind the edge, which moves a segment at a time', () => {
    expect(readLiveEdge(95.5, 100)).toEqual({ kind: 'live' });
  });

  it('is behind by whole seconds from 5 s on', () => {
    expect(readLiveEdge(95, 100)).toEqual({ kind: 'behind', seconds: 5 });
    expect(readLiveEdge(87.6, 100)).toEqual({ kind: 'behind', seconds: 12 });
  });

  it('is live while the player does not know the edge yet', () => {
    expect(readLiveEdge(0, null)).toEqual({ kind: 'live' });
    expect(readLiveEdge(0, Number.NaN)).toEqual({ kind: 'live' });
  });
});

describe('formatBehind', () => {
  it('counts seconds under a minute, in the viewer’s language', () => {
    expect(formatBehind(12, 'en', 'long')).toBe('12 seconds');
    expect(formatBehind(12, 'en', 'short')).toBe('12 sec');
    expect(formatBehind(12, 'de-DE', 'long')).toBe('12 Sekunden');
  });

  it('counts whole minutes from one minute on', () => {
    expect(formatBehind(60, 'en', 'long')).toBe('1 minute');
    expect(formatBehind(185, 'en', 'long')).toBe('3 minutes');
  });
});
