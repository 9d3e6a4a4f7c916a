import { describe, expect, it } from 'vitest';
import {
  avcCodecString,
  masterPlaylist,
  mediaPlaylistSegments,
  segmentBitRates,
} from './hlsPlaylist.ts';

describe('masterPlaylist', () => {
  it('lists every variant, cheapest first, with bandwidth, resolution and codecs', () => {
    const text = masterPlaylist([
      {
        uri: '1080p.m3u8',
        bandwidth: 5_000_000.4,
        width: 1920,
        height: 1080,
        codecs: 'avc1.640028,mp4a.40.2',
      },
      {
        uri: '540p.m3u8',
        bandwidth: 1_200_000,
        averageBandwidth: 900_000,
        width: 960,
        height: 540,
        codecs: 'avc1.64001f,mp4a.40.2',
      },
    ]);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=1200000,AVERAGE-BANDWIDTH=900000,RESOLUTION=960x540,CODECS="avc1.64001f,mp4a.40.2"',
        '540p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=5000001,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
        '1080p.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('refuses an empty ladder', () => {
    expect(() => masterPlaylist([])).toThrow(RangeError);
  });
});

describe('avcCodecString', () => {
  it('writes profile, constraints and level as RFC 6381 hex', () => {
    expect(avcCodecString('High', 40)).toBe('avc1.640028');
    expect(avcCodecString('Main', 31)).toBe('avc1.4d401f');
    expect(avcCodecString('Constrained Baseline', 30)).toBe('avc1.42e01e');
  });

  it('gives null for what it cannot name', () => {
    expect(avcCodecString('High', undefined)).toBeNull();
    expect(avcCodecString('Mystery', 40)).toBeNull();
  });
});

describe('media playlists', () => {
  const playlist = [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    '#EXTINF:4.000000,',
    '540p_000.ts',
    '#EXTINF:2.5,',
    '540p_001.ts',
    '#EXT-X-ENDLIST',
  ].join('\n');

  it('reads segment names and durations', () => {
    expect(mediaPlaylistSegments(playlist)).toEqual([
      { uri: '540p_000.ts', durationSeconds: 4 },
      { uri: '540p_001.ts', durationSeconds: 2.5 },
    ]);
  });

  it('takes the peak bit rate from the busiest segment', () => {
    const rates = segmentBitRates([
      { sizeBytes: 500_000, durationSeconds: 4 },
      { sizeBytes: 500_000, durationSeconds: 2 },
    ]);
    expect(rates).toEqual({ peak: 2_000_000, average: (1_000_000 * 8) / 6 });
  });
});
