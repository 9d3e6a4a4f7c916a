import { describe, expect, it } from 'vitest';
import { Mp4FragmentReader, type Mp4Piece } from './mp4Fragments.ts';

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(
    [...type].map((char) => char.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const part of payload) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

function words(...values: number[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  values.forEach((value, i) => new DataView(bytes.buffer).setUint32(i * 4, value));
  return bytes;
}

function text(value: string): Uint8Array {
  return new Uint8Array([...value].map((char) => char.charCodeAt(0)));
}

/** A trak of version-0 tkhd, mdhd and hdlr boxes, as ffmpeg's mp4 muxer writes them. */
function trak(id: number, timescale: number, handler: 'vide' | 'soun'): Uint8Array {
  return box(
    'trak',
    box('tkhd', words(0, 0, 0, id, 0, 0)),
    box(
      'mdia',
      box('mdhd', words(0, 0, 0, timescale, 0, 0)),
      box('hdlr', words(0, 0), text(handler), words(0, 0, 0)),
    ),
  );
}

const moov = box(
  'moov',
  trak(1, 12800, 'vide'),
  trak(2, 48000, 'soun'),
  box(
    'mvex',
    box('trex', words(0, 1, 1, 512, 0, 0x10000)),
    box('trex', words(0, 2, 1, 1024, 0, 0)),
  ),
);
const init = [box('ftyp', text('isom'), words(512)), moov];

/**
 * A moof+mdat: a video traf of `frames` samples from `tfdt` (the first a key frame when
 * `key`, through trun first_sample_flags) and an audio traf with explicit durations.
 */
function fragment(tfdt: number, frames: number, key: boolean): Uint8Array {
  const video = box(
    'traf',
    box('tfhd', words(0x020000, 1)),
    box('tfdt', words(0, tfdt)),
    box('trun', words(0x000005, frames, 0, key ? 0x2000000 : 0x1010000)),
  );
  const audio = box(
    'traf',
    box('tfhd', words(0x020000, 2)),
    box('tfdt', words(0, 0)),
    box('trun', words(0x000100, 2, 1024, 1024)),
  );
  return [box('moof', box('mfhd', words(0, 1)), video, audio), box('mdat', words(1, 2, 3))].reduce(
    (whole, part) => new Uint8Array([...whole, ...part]),
  );
}

function fragmentsOf(pieces: Mp4Piece[]) {
  return pieces.flatMap((piece) =>
    'fragment' in piece
      ? [
          {
            start: piece.fragment.start,
            duration: piece.fragment.duration,
            independent: piece.fragment.independent,
          },
        ]
      : [],
  );
}

describe('reading a fragmented MP4 stream', () => {
  const stream = new Uint8Array([
    ...init.flatMap((part) => [...part]),
    ...fragment(0, 10, true),
    ...fragment(5120, 10, false),
  ]);

  it('gives the init segment with its tracks, then each fragment timed by the video track', () => {
    const pieces = new Mp4FragmentReader().push(stream);
    const first = pieces[0]!;
    expect(
      'init' in first && first.init.tracks.map(({ kind, timescale }) => ({ kind, timescale })),
    ).toEqual([
      { kind: 'video', timescale: 12800 },
      { kind: 'audio', timescale: 48000 },
    ]);
    expect('init' in first && first.init.bytes.length).toBe(init[0]!.length + init[1]!.length);
    expect(fragmentsOf(pieces)).toEqual([
      { start: 0, duration: 0.4, independent: true },
      { start: 0.4, duration: 0.4, independent: false },
    ]);
  });

  it('waits for whole boxes whatever size the chunks come in', () => {
    const reader = new Mp4FragmentReader();
    const pieces: Mp4Piece[] = [];
    for (let at = 0; at < stream.length; at += 7)
      pieces.push(...reader.push(stream.slice(at, at + 7)));
    expect(pieces).toHaveLength(3);
    const last = pieces[2]!;
    expect('fragment' in last && last.fragment.bytes).toEqual(fragment(5120, 10, false));
  });
});
