/**
 * Reads a fragmented MP4 (ISO/IEC 14496-12) as it streams out of a muxer: the init segment
 * (ftyp + moov) once, then each fragment (moof + mdat) whole, with where it starts on the
 * media timeline, how long it lasts and whether it opens on a key frame. The live packager
 * cuts low-latency HLS parts at these fragment boundaries (src/lib/llHlsPlaylist.ts).
 */

export interface Mp4Track {
  id: number;
  kind: 'video' | 'audio' | 'other';
  /** Ticks per second of the track's media timeline (mdhd). */
  timescale: number;
  /** trex: the sample duration and flags a fragment leaves out. */
  defaultDuration: number;
  defaultFlags: number;
}

interface Mp4Init {
  bytes: Uint8Array;
  tracks: Mp4Track[];
}

export interface Mp4Fragment {
  bytes: Uint8Array;
  /** Seconds on the reference track's timeline (tfdt). */
  start: number;
  /** Seconds, the sum of the reference track's sample durations. */
  duration: number;
  /** Its reference track's first sample is a sync sample: a player can start here. */
  independent: boolean;
}

export type Mp4Piece = { init: Mp4Init } | { fragment: Mp4Fragment };

interface Box {
  type: string;
  /** Offset of the box's payload (after size and type) and of its end, in the buffer. */
  start: number;
  end: number;
}

/** ISO/IEC 14496-12 sample_is_non_sync_sample. */
const NON_SYNC_SAMPLE = 0x10000;

function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    }
    if (size < header || at + size > to) break;
    boxes.push({ type: boxType(bytes, at + 4), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function boxType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return boxesIn(bytes, parent.start, parent.end).find((box) => box.type === type);
}

function children(bytes: Uint8Array, parent: Box, type: string): Box[] {
  return boxesIn(bytes, parent.start, parent.end).filter((box) => box.type === type);
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The tracks a moov box describes, with their trex defaults. */
function moovTracks(bytes: Uint8Array, moov: Box): Mp4Track[] {
  const view = viewOf(bytes);
  const defaults = new Map<number, { duration: number; flags: number }>();
  const mvex = child(bytes, moov, 'mvex');
  for (const trex of mvex ? children(bytes, mvex, 'trex') : []) {
    defaults.set(view.getUint32(trex.start + 4), {
      duration: view.getUint32(trex.start + 12),
      flags: view.getUint32(trex.start + 20),
    });
  }
  return children(bytes, moov, 'trak').flatMap((trak) => {
    const tkhd = child(bytes, trak, 'tkhd');
    const mdia = child(bytes, trak, 'mdia');
    const mdhd = mdia && child(bytes, mdia, 'mdhd');
    const hdlr = mdia && child(bytes, mdia, 'hdlr');
    if (!tkhd || !mdhd || !hdlr) return [];
    const id = view.getUint32(tkhd.start + (bytes[tkhd.start] === 1 ? 20 : 12));
    const timescale = view.getUint32(mdhd.start + (bytes[mdhd.start] === 1 ? 20 : 12));
    const handler = boxType(bytes, hdlr.start + 8);
    const fallback = defaults.get(id) ?? { duration: 0, flags: 0 };
    return [
      {
        id,
        kind: handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other',
        timescale,
        defaultDuration: fallback.duration,
        defaultFlags: fallback.flags,
      } satisfies Mp4Track,
    ];
  });
}

interface TrackRun {
  trackId: number;
  baseTime: number;
  duration: number;
  firstFlags: number;
}

/** Each traf of a moof: its track, its tfdt, the sum of its sample durations, its first sample's flags. */
function trackRuns(bytes: Uint8Array, moof: Box, tracks: readonly Mp4Track[]): TrackRun[] {
  const view = viewOf(bytes);
  return children(bytes, moof, 'traf').flatMap((traf) => {
    const tfhd = child(bytes, traf, 'tfhd');
    if (!tfhd) return [];
    const tfhdFlags = view.getUint32(tfhd.start) & 0xffffff;
    const trackId = view.getUint32(tfhd.start + 4);
    const track = tracks.find((candidate) => candidate.id === trackId);
    let at = tfhd.start + 8;
    if (tfhdFlags & 0x1) at += 8; // base_data_offset
    if (tfhdFlags & 0x2) at += 4; // sample_description_index
    let defaultDuration = track?.defaultDuration ?? 0;
    let defaultFlags = track?.defaultFlags ?? 0;
    if (tfhdFlags & 0x8) {
      defaultDuration = view.getUint32(at);
      at += 4;
    }
    if (tfhdFlags & 0x10) at += 4; // default_sample_size
    if (tfhdFlags & 0x20) defaultFlags = view.getUint32(at);
    const tfdt = child(bytes, traf, 'tfdt');
    const baseTime = !tfdt
      ? 0
      : bytes[tfdt.start] === 1
        ? Number(view.getBigUint64(tfdt.start + 4))
        : view.getUint32(tfdt.start + 4);
    let duration = 0;
    let firstFlags: number | null = null;
    for (const trun of children(bytes, traf, 'trun')) {
      const flags = view.getUint32(trun.start) & 0xffffff;
      const count = view.getUint32(trun.start + 4);
      let cursor = trun.start + 8;
      if (flags & 0x1) cursor += 4; // data_offset
      let firstSampleFlags: number | null = null;
      if (flags & 0x4) {
        firstSampleFlags = view.getUint32(cursor);
        cursor += 4;
      }
      for (let sample = 0; sample < count; sample++) {
        let sampleDuration = defaultDuration;
        let sampleFlags =
          sample === 0 && firstSampleFlags !== null ? firstSampleFlags : defaultFlags;
        if (flags & 0x100) {
          sampleDuration = view.getUint32(cursor);
          cursor += 4;
        }
        if (flags & 0x200) cursor += 4; // sample_size
        if (flags & 0x400) {
          sampleFlags = view.getUint32(cursor);
          cursor += 4;
        }
        if (flags & 0x800) cursor += 4; // composition time offset
        duration += sampleDuration;
        firstFlags ??= sampleFlags;
      }
    }
    return [{ trackId, baseTime, duration, firstFlags: firstFlags ?? defaultFlags }];
  });
}

/**
 * Splits a fragmented MP4 fed in chunks of any size into its init segment and fragments. The
 * reference track is the video track (the audio otherwise): fragments are timed and judged
 * independent by it.
 */
export class Mp4FragmentReader {
  private pending: Uint8Array = new Uint8Array(0);
  private tracks: Mp4Track[] | null = null;
  private header: Uint8Array[] = [];
  private moof: Uint8Array | null = null;

  push(chunk: Uint8Array): Mp4Piece[] {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const pieces: Mp4Piece[] = [];
    let at = 0;
    const view = viewOf(joined);
    while (at + 8 <= joined.length) {
      let size = view.getUint32(at);
      if (size === 1) {
        if (at + 16 > joined.length) break;
        size = Number(view.getBigUint64(at + 8));
      }
      if (size < 8) throw new RangeError(`a box of ${size} bytes at ${at}`);
      if (at + size > joined.length) break;
      const piece = this.take(joined.slice(at, at + size));
      if (piece) pieces.push(piece);
      at += size;
    }
    this.pending = joined.slice(at);
    return pieces;
  }

  private take(box: Uint8Array): Mp4Piece | null {
    const type = boxType(box, 4);
    if (this.tracks === null) {
      this.header.push(box);
      if (type !== 'moov') return null;
      this.tracks = moovTracks(box, { type, start: 8, end: box.length });
      return { init: { bytes: concat(this.header), tracks: this.tracks } };
    }
    if (type === 'moof') {
      this.moof = box;
      return null;
    }
    if (type !== 'mdat' || !this.moof) return null;
    const moof = this.moof;
    this.moof = null;
    return { fragment: this.describe(moof, concat([moof, box])) };
  }

  private describe(moof: Uint8Array, bytes: Uint8Array): Mp4Fragment {
    const tracks = this.tracks ?? [];
    const runs = trackRuns(moof, { type: 'moof', start: 8, end: moof.length }, tracks);
    const reference =
      tracks.find((track) => track.kind === 'video') ??
      tracks.find((track) => track.kind === 'audio');
    const own = runs.find((candidate) => candidate.trackId === reference?.id);
    const run = own ?? runs[0];
    if (!run) return { bytes, start: 0, duration: 0, independent: false };
    const timescale = tracks.find((track) => track.id === run.trackId)?.timescale || 1;
    return {
      bytes,
      start: run.baseTime / timescale,
      duration: run.duration / timescale,
      independent: own !== undefined && (run.firstFlags & NON_SYNC_SAMPLE) === 0,
    };
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
