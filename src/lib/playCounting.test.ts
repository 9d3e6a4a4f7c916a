import { describe, expect, it } from 'vitest';
import {
  averageWatched,
  bucketOf,
  bucketsBetween,
  createDedup,
  createTally,
  declinesCounting,
  isEmptyBatch,
  LIVE_GONE_MS,
  parseBeacon,
  retentionCurve,
  RETENTION_BUCKETS,
  siteOf,
  utcDay,
  visitedShowcase,
  type BeaconContext,
} from './playCounting.ts';

const DAY = '2026-12-07';
const context = (overrides: Partial<BeaconContext> = {}): BeaconContext => ({
  day: DAY,
  firstToday: true,
  country: null,
  ownHost: 'vitrine.test',
  now: 0,
  ...overrides,
});
const beacon = (wire: object) => {
  const parsed = parseBeacon(JSON.stringify(wire));
  if (!parsed) throw new Error('not a beacon');
  return parsed;
};

describe('reading a beacon', () => {
  it('keeps the kind, the ids, whole seconds and the buckets within the curve', () => {
    expect(beacon({ k: 'progress', a: 3, v: 7, s: 12.6, b: [0, 1, 1, 25, -1, 2.5] })).toEqual({
      kind: 'progress',
      showcaseId: 3,
      videoId: 7,
      seconds: 13,
      buckets: [0, 1],
      referrer: null,
      liveViewer: null,
    });
  });

  it('keeps only the site of a referrer, never its path or query', () => {
    expect(beacon({ k: 'play', a: 1, v: 1, r: 'https://Blog.example/post?id=9' }).referrer).toBe(
      'blog.example',
    );
    expect(siteOf('news.example:8080')).toBe('news.example:8080');
    expect(siteOf('not a host')).toBeNull();
  });

  it('refuses what the frame does not send', () => {
    expect(parseBeacon('{')).toBeNull();
    expect(parseBeacon('null')).toBeNull();
    expect(parseBeacon(JSON.stringify({ k: 'like', a: 1, v: 1 }))).toBeNull();
    expect(parseBeacon(JSON.stringify({ k: 'play', a: 0, v: 1 }))).toBeNull();
    expect(parseBeacon(JSON.stringify({ k: 'play', a: 1, v: 1, r: 'x'.repeat(2000) }))).toBeNull();
  });

  it('caps the seconds one beacon may report', () => {
    expect(beacon({ k: 'progress', a: 1, v: 1, s: 1e9 }).seconds).toBe(600);
    expect(beacon({ k: 'progress', a: 1, v: 1, s: -5 }).seconds).toBe(0);
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  it('declines counting for DNT: 1 or Sec-GPC: 1', () => {
    expect(declinesCounting(headers({ dnt: '1' }))).toBe(true);
    expect(declinesCounting(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(declinesCounting(headers({ dnt: '0' }))).toBe(false);
    expect(declinesCounting(headers({}))).toBe(false);
  });
});

describe('retention buckets', () => {
  it('splits the duration in equal parts, the last moment in the last', () => {
    expect(bucketOf(0, 100)).toBe(0);
    expect(bucketOf(4.99, 100)).toBe(0);
    expect(bucketOf(5, 100)).toBe(1);
    expect(bucketOf(100, 100)).toBe(RETENTION_BUCKETS - 1);
    expect(bucketOf(101, 100)).toBeNull();
    expect(bucketOf(1, 0)).toBeNull();
  });

  it('fills every bucket a stretch of play passed through', () => {
    expect(bucketsBetween(4, 16, 100)).toEqual([0, 1, 2, 3]);
    expect(bucketsBetween(16, 4, 100)).toEqual([0, 1, 2, 3]);
  });

  it('draws the curve as the share of plays that reached each bucket', () => {
    expect(retentionCurve([4, 3, 1, 0], 4)).toEqual([1, 0.75, 0.25, 0]);
    expect(retentionCurve([5, 2], 4)).toEqual([1, 0.5]);
    expect(retentionCurve([1], 0)).toEqual([0]);
  });

  it('averages the share watched over the plays', () => {
    expect(averageWatched(150, 3, 100)).toBe(0.5);
    expect(averageWatched(10, 0, 100)).toBe(0);
  });
});

describe('de-duplicating plays', () => {
  it('counts a key once a day, and again the next day', () => {
    const dedup = createDedup();
    expect(dedup.first(DAY, 'a')).toBe(true);
    expect(dedup.first(DAY, 'a')).toBe(false);
    expect(dedup.first(DAY, 'b')).toBe(true);
    expect(dedup.first('2026-12-08', 'a')).toBe(true);
  });

  it('forgets every key past its limit rather than grow', () => {
    const dedup = createDedup(2);
    dedup.first(DAY, 'a');
    dedup.first(DAY, 'b');
    expect(dedup.first(DAY, 'a')).toBe(true);
  });

  it('names UTC days', () => {
    expect(utcDay(Date.UTC(2026, 11, 7, 23, 59))).toBe('2026-12-07');
  });
});

describe('batching', () => {
  it('adds a day of beacons into one row per video and hands it over once', () => {
    const tally = createTally();
    tally.beacon(beacon({ k: 'play', a: 2, v: 9, r: 'blog.example' }), context({ country: 'FR' }));
    tally.beacon(beacon({ k: 'progress', a: 2, v: 9, s: 10, b: [0, 1] }), context());
    tally.beacon(beacon({ k: 'finish', a: 2, v: 9, s: 5, b: [2] }), context());
    tally.beacon(beacon({ k: 'play', a: 2, v: 9 }), context({ firstToday: false }));
    tally.beacon(beacon({ k: 'finish', a: 2, v: 9, s: 2 }), context({ firstToday: false }));
    const batch = tally.drain();
    expect(batch.videos).toHaveLength(1);
    const [row] = batch.videos;
    // The repeat's seconds count as watched; its play and finish do not count again.
    expect(row).toMatchObject({ videoId: 9, day: DAY, plays: 1, finishes: 1, watchSeconds: 17 });
    expect(row!.retention.slice(0, 4)).toEqual([1, 1, 1, 0]);
    expect(batch.showcases).toEqual([{ showcaseId: 2, day: DAY, visits: 0, plays: 1 }]);
    expect(batch.sources).toEqual([
      { subject: 'video', id: 9, day: DAY, kind: 'referrer', value: 'blog.example', count: 1 },
      { subject: 'video', id: 9, day: DAY, kind: 'country', value: 'FR', count: 1 },
    ]);
    expect(isEmptyBatch(tally.drain())).toBe(true);
  });

  it('keeps no referrer from the site itself', () => {
    const tally = createTally();
    tally.visit(4, {
      day: DAY,
      firstVisit: true,
      country: null,
      referrer: 'vitrine.test',
      ownHost: 'vitrine.test',
    });
    tally.visit(4, {
      day: DAY,
      firstVisit: false,
      country: null,
      referrer: 'a.example',
      ownHost: 'vitrine.test',
    });
    const batch = tally.drain();
    expect(batch.showcases).toEqual([{ showcaseId: 4, day: DAY, visits: 1, plays: 0 }]);
    expect(batch.sources).toEqual([]);
  });

  it('holds nothing that tells viewers apart', () => {
    const tally = createTally();
    tally.beacon(beacon({ k: 'play', a: 1, v: 1, r: 'x.example' }), context());
    tally.beacon(
      beacon({ k: 'live', a: 1, v: 2, i: '0f6d2c1e-aaaa-bbbb-cccc-123456789abc' }),
      context(),
    );
    const written = JSON.stringify(tally.drain());
    expect(written).not.toContain('0f6d2c1e');
    expect(Object.keys(tally.drain())).toEqual(['videos', 'showcases', 'sources']);
  });
});

describe('live peak', () => {
  const ping = (viewer: string) =>
    beacon({ k: 'live', a: 1, v: 5, i: `${viewer}0000000-0000-0000-0000-000000000000` });

  it('is the most viewers heard from at once, the departed no longer counted', () => {
    const tally = createTally();
    tally.beacon(ping('1'), context({ now: 0 }));
    tally.beacon(ping('2'), context({ now: 1_000 }));
    tally.beacon(ping('2'), context({ now: 2_000 }));
    expect(tally.liveViewers(5, 2_000)).toBe(2);
    tally.beacon(ping('3'), context({ now: LIVE_GONE_MS + 1_500 }));
    expect(tally.liveViewers(5, LIVE_GONE_MS + 1_500)).toBe(2);
    expect(tally.drain().videos[0]).toMatchObject({ videoId: 5, livePeak: 2, plays: 0 });
  });
});

describe('showcase visits', () => {
  it('are the showcase page and its video pages, not its frames', () => {
    expect(visitedShowcase('/showcase/12')).toBe(12);
    expect(visitedShowcase('/showcase/12/?page=2')).toBe(12);
    expect(visitedShowcase('/showcase/12/video/4')).toBe(12);
    expect(visitedShowcase('/showcase/12/video/4/embed')).toBeNull();
    expect(visitedShowcase('/showcase/12/embed')).toBeNull();
    expect(visitedShowcase('/manage/showcases/12')).toBeNull();
  });
});
