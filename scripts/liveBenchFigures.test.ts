import { describe, expect, it } from 'vitest';
import { CLOCK_BITS } from '../src/server/live/testFeed.ts';
import {
  bucketCovering,
  clockLatencies,
  cpuSeconds,
  latestSecondWith,
  newestSegmentEnd,
  parentPid,
  parseHistogram,
  percentile,
  segmentEndByClock,
} from './liveBenchFigures.ts';

/** The boxes' brightness for a second, as the browser reads them off a frame. */
const boxes = (unixSecond: number) =>
  Array.from({ length: CLOCK_BITS }, (_, bit) => (((unixSecond % 64) >> bit) & 1 ? 235 : 16));

describe('glass-to-glass latency from the clock boxes', () => {
  it('resolves a second mod 64 to the latest such second at or before the moment', () => {
    expect(latestSecondWith(1_700_000_000 % 64, 1_700_000_000_400)).toBe(1_700_000_000);
    expect(latestSecondWith((1_700_000_000 - 9) % 64, 1_700_000_000_400)).toBe(1_700_000_000 - 9);
    expect(latestSecondWith((1_700_000_000 + 1) % 64, 1_700_000_000_400)).toBe(1_700_000_000 - 63);
  });

  it('measures each second the picture moves on to, from the first frame showing it', () => {
    const frames = [
      { at: 1_700_000_008_200, brightness: boxes(1_700_000_000) },
      { at: 1_700_000_008_600, brightness: boxes(1_700_000_000) },
      { at: 1_700_000_009_250, brightness: boxes(1_700_000_001) },
      { at: 1_700_000_009_290, brightness: boxes(1_700_000_001) },
      { at: 1_700_000_010_240, brightness: boxes(1_700_000_002) },
    ];
    expect(clockLatencies(frames)).toEqual([8_250, 8_240]);
  });

  it('counts the wrap from 63 to 0 as any other second', () => {
    const second = 1_700_000_000 - (1_700_000_000 % 64) + 63;
    const frames = [
      { at: (second + 3) * 1000, brightness: boxes(second) },
      { at: (second + 4) * 1000 + 100, brightness: boxes(second + 1) },
    ];
    expect(clockLatencies(frames)).toEqual([3_100]);
  });

  it('skips a jump of the picture, whose first frame is from the middle of a second', () => {
    const frames = [
      { at: 1_700_000_008_200, brightness: boxes(1_700_000_000) },
      { at: 1_700_000_011_700, brightness: boxes(1_700_000_003) },
      { at: 1_700_000_012_300, brightness: boxes(1_700_000_004) },
    ];
    expect(clockLatencies(frames)).toEqual([8_300]);
  });
});

describe('the end of a segment by the clock in its picture', () => {
  const second = 1_700_000_000;

  it('follows on from the first frame of a new second at the frame rate', () => {
    // 2 s at 25 fps: 10 frames of one second, 25 of the next, 15 of the one after.
    const seconds = [
      ...Array(10).fill(second % 64),
      ...Array(25).fill((second + 1) % 64),
      ...Array(15).fill((second + 2) % 64),
    ];
    expect(segmentEndByClock(seconds, 2, (second + 5) * 1000)).toBe((second + 1) * 1000 + 40 * 40);
  });

  it('is unknown when no second begins within the segment', () => {
    expect(segmentEndByClock(Array(20).fill(second % 64), 0.8, (second + 5) * 1000)).toBeNull();
  });
});

describe('percentile', () => {
  it('is the nearest-rank value', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.9)).toBe(9);
    expect(percentile([3], 0.9)).toBe(3);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe('a histogram from /metrics', () => {
  const text = [
    '# HELP vitrine_live_segment_delay_seconds Time from ffmpeg finishing a live segment.',
    '# TYPE vitrine_live_segment_delay_seconds histogram',
    'vitrine_live_segment_delay_seconds_bucket{le="0.1"} 2',
    'vitrine_live_segment_delay_seconds_bucket{le="0.5"} 90',
    'vitrine_live_segment_delay_seconds_bucket{le="1"} 99',
    'vitrine_live_segment_delay_seconds_bucket{le="+Inf"} 100',
    'vitrine_live_segment_delay_seconds_sum 31.5',
    'vitrine_live_segment_delay_seconds_count 100',
    'vitrine_live_streams 1',
  ].join('\n');

  it('reads the count, the sum and the buckets', () => {
    const histogram = parseHistogram(text, 'vitrine_live_segment_delay_seconds')!;
    expect(histogram.count).toBe(100);
    expect(histogram.sum).toBe(31.5);
    expect(histogram.buckets.at(-1)).toEqual({ le: Infinity, count: 100 });
  });

  it('gives the bucket bound that covers a share of the observations', () => {
    const histogram = parseHistogram(text, 'vitrine_live_segment_delay_seconds')!;
    expect(bucketCovering(histogram, 0.9)).toBe(0.5);
    expect(bucketCovering(histogram, 0.99)).toBe(1);
    expect(bucketCovering(histogram, 1)).toBe(Infinity);
    expect(bucketCovering({ count: 0, sum: 0, buckets: [] }, 0.9)).toBeNull();
  });

  it('is absent when the metric is', () => {
    expect(
      parseHistogram('vitrine_live_streams 0\n', 'vitrine_live_segment_delay_seconds'),
    ).toBeNull();
  });
});

describe('a process from /proc', () => {
  const stat =
    '4242 (ffmpeg (x) y) S 4200 4242 4200 0 -1 4194304 900 0 0 0 1234 567 0 0 20 0 9 0 100 0 0';

  it('reads its parent and its CPU time across threads', () => {
    expect(parentPid(stat)).toBe(4200);
    expect(cpuSeconds(stat, 100)).toBeCloseTo(18.01);
  });
});

describe('the newest segment of a live playlist', () => {
  it('ends at its program date-time plus its duration', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:40',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T10:00:00.000+0000',
      '#EXTINF:2.000000,',
      '00040.ts',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T10:00:02.000+0000',
      '#EXTINF:1.960000,',
      '00041.ts',
      '',
    ].join('\n');
    expect(newestSegmentEnd(playlist)).toBe(Date.parse('2026-03-01T10:00:03.960Z'));
  });

  it('follows on from the segment before when one has no date-time of its own', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-PROGRAM-DATE-TIME:2026-03-01T10:00:00Z',
      '#EXTINF:2,',
      'a.ts',
      '#EXTINF:2,',
      'b.ts',
      '',
    ].join('\n');
    expect(newestSegmentEnd(playlist)).toBe(Date.parse('2026-03-01T10:00:04Z'));
  });

  it('is unknown without any date-time', () => {
    expect(newestSegmentEnd(['#EXTM3U', '#EXTINF:2,', 'a.ts', ''].join('\n'))).toBeNull();
  });
});
