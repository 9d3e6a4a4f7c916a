import { describe, expect, it } from 'vitest';
import { upcomingFirst } from './upcomingEvents.ts';

const at = (iso: string) => new Date(iso);

describe('upcomingFirst', () => {
  it('lists events on the air first, then the next to start, and leaves ended ones out', () => {
    const events = [
      { videoId: 1, status: 'ready' as const, startTime: at('2026-12-09T10:00:00Z') },
      { videoId: 2, status: 'done' as const, startTime: at('2026-12-01T10:00:00Z') },
      { videoId: 3, status: 'streaming' as const, startTime: at('2026-12-07T09:00:00Z') },
      { videoId: 4, status: 'ready' as const, startTime: at('2026-12-08T10:00:00Z') },
      { videoId: 5, status: 'pending' as const, startTime: null },
    ];
    expect(upcomingFirst(events).map((e) => e.videoId)).toEqual([3, 4, 1, 5]);
  });
});
