import { describe, expect, it } from 'vitest';
import {
  blockingRequest,
  LivePartTimeline,
  playlistEdge,
  reloadVerdict,
  type LivePlaylistSettings,
} from './llHlsPlaylist.ts';

const settings: LivePlaylistSettings = {
  targetDuration: 2,
  partTarget: 0.5,
  windowSegments: 3,
  partedSegments: 1,
  initUri: 'init.mp4',
};

/** A timeline fed `segments` segments of four half-second parts, and `extra` parts of the next. */
function timeline(segments: number, extra = 0): LivePartTimeline {
  const line = new LivePartTimeline(settings);
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < segments * 4 + extra; i++)
    line.add({ duration: 0.5, independent: i % 4 === 0 }, start + i * 500);
  return line;
}

describe('the low-latency playlist', () => {
  it('lists parts, the preload hint and server control', () => {
    expect(timeline(1, 2).playlist()).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5',
        '#EXT-X-PART-INF:PART-TARGET=0.5',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z',
        '#EXT-X-PART:DURATION=0.5,URI="part0.m4s",INDEPENDENT=YES',
        '#EXT-X-PART:DURATION=0.5,URI="part1.m4s"',
        '#EXT-X-PART:DURATION=0.5,URI="part2.m4s"',
        '#EXT-X-PART:DURATION=0.5,URI="part3.m4s"',
        '#EXTINF:2,',
        'seg0.m4s',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:02.000Z',
        '#EXT-X-PART:DURATION=0.5,URI="part4.m4s",INDEPENDENT=YES',
        '#EXT-X-PART:DURATION=0.5,URI="part5.m4s"',
        '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part6.m4s"',
        '',
      ].join('\n'),
    );
  });

  it('closes a segment at the key frame that opens the next, and says which one', () => {
    const line = timeline(1, 3);
    const added = line.add({ duration: 0.5, independent: true }, 0);
    expect(added.msn).toBe(2);
    expect(added.closed).toMatchObject({ msn: 1, uri: 'seg1.m4s', duration: 1.5, complete: true });
    expect(added.closed?.parts.map((part) => part.uri)).toEqual([
      'part4.m4s',
      'part5.m4s',
      'part6.m4s',
    ]);
  });

  it('rolls its window, keeps parts only near the edge, and hands over what left', () => {
    const line = timeline(5, 1);
    const text = line.playlist();
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:2');
    expect(text.match(/^seg\d+\.m4s$/gm)).toEqual(['seg2.m4s', 'seg3.m4s', 'seg4.m4s']);
    expect(text).not.toContain('"part15.m4s"');
    expect(text).toContain('URI="part16.m4s"');
    expect(line.takeLeft()).toEqual(
      expect.arrayContaining(['seg0.m4s', 'seg1.m4s', 'part0.m4s', 'part12.m4s', 'part15.m4s']),
    );
    expect(line.takeLeft()).toEqual([]);
  });

  it('ends with the open segment whole and #EXT-X-ENDLIST instead of a hint', () => {
    const line = timeline(1, 2);
    expect(line.end()).toMatchObject({ msn: 1, duration: 1, complete: true });
    const text = line.playlist();
    expect(text.endsWith('#EXTINF:1,\nseg1.m4s\n#EXT-X-ENDLIST\n')).toBe(true);
    expect(text).not.toContain('PRELOAD-HINT');
  });
});

describe('blocking playlist reloads', () => {
  const edge = playlistEdge(timeline(2, 2).playlist())!;

  it('reads where a playlist has got', () => {
    expect(edge).toEqual({
      lastSegment: 1,
      lastPart: { msn: 2, index: 1 },
      ended: false,
      partTarget: 0.5,
      targetDuration: 2,
    });
    expect(playlistEdge('#EXTM3U\n#EXT-X-TARGET')).toBeNull();
  });

  it('reads the directives of a request', () => {
    expect(blockingRequest(new URLSearchParams(''))).toBeNull();
    expect(blockingRequest(new URLSearchParams('_HLS_msn=4&_HLS_part=2'))).toEqual({
      msn: 4,
      part: 2,
    });
    expect(blockingRequest(new URLSearchParams('_HLS_msn=4'))).toEqual({ msn: 4, part: null });
    expect(blockingRequest(new URLSearchParams('_HLS_part=2'))).toBe('invalid');
    expect(blockingRequest(new URLSearchParams('_HLS_msn=-1'))).toBe('invalid');
  });

  it('answers a part already listed, or one before it, at once', () => {
    expect(reloadVerdict(edge, { msn: 2, part: 1 })).toBe('ready');
    expect(reloadVerdict(edge, { msn: 1, part: 3 })).toBe('ready');
    expect(reloadVerdict(edge, { msn: 1, part: null })).toBe('ready');
  });

  it('holds the next part or segment until it is listed, then releases it', () => {
    expect(reloadVerdict(edge, { msn: 2, part: 2 })).toBe('hold');
    expect(reloadVerdict(edge, { msn: 2, part: null })).toBe('hold');
    expect(reloadVerdict(edge, { msn: 3, part: 0 })).toBe('hold');
    const later = playlistEdge(timeline(2, 3).playlist())!;
    expect(reloadVerdict(later, { msn: 2, part: 2 })).toBe('ready');
    const next = playlistEdge(timeline(3, 1).playlist())!;
    expect(reloadVerdict(next, { msn: 2, part: null })).toBe('ready');
    expect(reloadVerdict(next, { msn: 2, part: 5 })).toBe('ready');
  });

  it('refuses a request far beyond the edge at once', () => {
    expect(reloadVerdict(edge, { msn: 5, part: 0 })).toBe('too-far');
    expect(reloadVerdict(edge, { msn: 2, part: 9 })).toBe('too-far');
    expect(reloadVerdict(edge, { msn: 4, part: 0 })).toBe('too-far');
  });

  it('answers anything once the playlist has ended', () => {
    const line = timeline(2, 2);
    line.end();
    expect(reloadVerdict(playlistEdge(line.playlist())!, { msn: 9, part: 0 })).toBe('ready');
  });
});
