import { describe, expect, it } from 'vitest';
import { goalLines, searchRatiosOf } from './benchGoals.ts';

describe('the issue goals block', () => {
  it('sets each figure beside its goal, and says which are met', () => {
    const lines = goalLines({
      signedInGridCpuMs: 0.8,
      signedInVideoCpuMs: 7.2,
      anonymousMissCpuMs: 1.5,
      liveEventJsBytes: 81 * 1024,
      peakRssMb: 480,
    });
    expect(lines.find((line) => line.name.startsWith('signed-in grid'))).toMatchObject({
      figure: '0.8 ms',
      goal: '≤ 1 ms',
      met: true,
    });
    expect(lines.find((line) => line.name.startsWith('signed-in video'))?.met).toBe(false);
    expect(lines.find((line) => line.name.startsWith('anonymous miss'))?.met).toBe(true);
    expect(lines.find((line) => line.name.startsWith('live event'))).toMatchObject({
      figure: '81 KB',
      met: false,
    });
  });

  it('holds low-latency HLS to 3 s at p50, 4 s at p99 and no stall in its minute', () => {
    const live = (p50Ms: number, p99Ms: number, stalls: number) =>
      goalLines({ lowLatency: { p50Ms, p99Ms, stalls } }).filter((line) =>
        line.name.startsWith('low-latency HLS'),
      );
    expect(live(2_310, 2_480, 0).map((line) => [line.figure, line.met])).toEqual([
      ['2.31 s', true],
      ['2.48 s', true],
      ['0', true],
    ]);
    expect(live(3_940, 3_990, 2).map((line) => line.met)).toEqual([false, true, false]);
    expect(goalLines({}).find((line) => line.name.includes('stalls'))?.met).toBeNull();
  });

  it('prints a section left out as not measured rather than as a pass', () => {
    const mixed = goalLines({}).find((line) => line.name.startsWith('mixed round'));
    expect(mixed).toMatchObject({ figure: 'not measured', met: null });
  });

  it('reads RSS back within 10 % in either direction', () => {
    const back = (from: number, to: number) =>
      goalLines({ rssBackMb: { from, to, of: 'the mixed round' } }).find((line) =>
        line.name.startsWith('RSS back'),
      );
    expect(back(400, 436)).toMatchObject({ figure: '400 → 436 MB (+9 %)', met: true });
    expect(back(400, 480)?.met).toBe(false);
  });

  it('takes a fresh-utm grid as served from the cache only when the cache answered it', () => {
    const share = (freshUtmCacheShare: number) =>
      goalLines({ freshUtmCacheShare }).find((line) => line.name.includes('utm_source'))?.met;
    expect(share(100)).toBe(true);
    expect(share(3)).toBe(false);
  });
});

describe('search ratios from the scale section', () => {
  const row = (label: string, demo: number, scale: number) => ({
    label,
    demo: { what: '', medianMs: demo },
    scale: { what: '', medianMs: scale },
  });
  const ratio = (r: ReturnType<typeof row>) => r.scale.medianMs / r.demo.medianMs;

  it('takes the API’s search, one hit and broad, when the section measures it', () => {
    const scale = {
      runs: 15,
      http: [row('search', 10, 12), row('page 1', 5, 5)],
      api: [row('one hit', 2, 6), row('broad', 2, 3)],
    };
    expect(searchRatiosOf(scale, ratio as never)).toEqual([
      { label: 'API search, one hit', ratio: 3 },
      { label: 'API search, broad', ratio: 1.5 },
    ]);
  });

  it('falls back on the search rows of the other measures, never a paging one', () => {
    const scale = {
      runs: 15,
      data: [row('search', 4, 4)],
      http: [row('search', 10, 12), row('page 1', 5, 5)],
    };
    expect(searchRatiosOf(scale, ratio as never)).toEqual([
      { label: 'search (data)', ratio: 1 },
      { label: 'search (http)', ratio: 1.2 },
    ]);
  });

  it('has nothing to say of a section that failed', () => {
    expect(searchRatiosOf({ error: 'seeding timed out' }, ratio as never)).toEqual([]);
  });
});
