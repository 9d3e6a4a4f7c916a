/**
 * Stream health (docs/live.md "Stream health and viewers"): what the ingest measures of an
 * encoder's push, tag by tag, as the owner's studio reads it. The node holding the broadcast
 * takes a snapshot every few seconds and stores it where every node reads it
 * (src/server/live/streamHealthStore.ts); the studio formats it in the owner's language.
 */

/** How far an encoder's key frame interval may stray from the segment length and still match it. */
const KEY_FRAME_TOLERANCE_SECONDS = 0.1;
/** The rolling window bitrate and frame rate are measured over. */
const HEALTH_WINDOW_MS = 5_000;
/** How often the node holding a broadcast stores its health. */
export const HEALTH_WRITE_MS = 3_000;

/** One push's health as stored: figures, and moments in milliseconds since the epoch. */
export interface StreamHealth {
  /** The broadcast measured: its poster is the studio's preview. */
  broadcastId: number;
  /** When the node wrote this. */
  writtenAt: number;
  /** When the encoder's last tag arrived; null before the first. */
  lastPacketAt: number | null;
  /** Kilobits a second arriving from the encoder over the last window. */
  kbps: number;
  /** Video frames a second, from the encoder's own timestamps; null before two frames. */
  fps: number | null;
  width: number | null;
  height: number | null;
  /** Seconds between the encoder's last two key frames; null before the second. */
  keyFrameSeconds: number | null;
  /** Whether audio tags arrive. */
  audio: boolean;
  /** Frames the packager dropped so far (ffmpeg's -progress drop_frames); null before it reports. */
  droppedFrames: number | null;
}

/** The parts of an FLV tag the meter reads. */
export interface MeteredTag {
  kind: 'audio' | 'video' | 'script';
  role: 'config' | 'keyframe' | 'frame' | 'metadata';
  /** Milliseconds on the encoder's clock. */
  dts: number;
  bytes: number;
}

/**
 * Measures one encoder connection: bytes over a rolling wall-clock window, frame rate from the
 * encoder's timestamps in that window, the interval between its key frames, audio, the last
 * packet. A reconnected encoder gets a new meter (its clock starts again).
 */
export class IngestMeter {
  private readonly arrivals: { at: number; bytes: number; frameDts: number | null }[] = [];
  private startedAt: number | null = null;
  private lastPacketAt: number | null = null;
  private lastKeyFrameDts: number | null = null;
  private keyFrameSeconds: number | null = null;
  private audio = false;
  private size: { width: number; height: number } | null = null;

  tag(tag: MeteredTag, now: number): void {
    this.startedAt ??= now;
    this.lastPacketAt = now;
    if (tag.kind === 'audio') this.audio = true;
    const frame = tag.kind === 'video' && (tag.role === 'keyframe' || tag.role === 'frame');
    this.arrivals.push({ at: now, bytes: tag.bytes, frameDts: frame ? tag.dts : null });
    if (tag.kind === 'video' && tag.role === 'keyframe') {
      if (this.lastKeyFrameDts !== null && tag.dts > this.lastKeyFrameDts)
        this.keyFrameSeconds = (tag.dts - this.lastKeyFrameDts) / 1000;
      this.lastKeyFrameDts = tag.dts;
    }
    this.prune(now);
  }

  /** The picture size, from the sequence header (or, without one, the encoder's onMetaData). */
  resolution(width: number, height: number): void {
    this.size = { width, height };
  }

  get hasResolution(): boolean {
    return this.size !== null;
  }

  private prune(now: number): void {
    while (this.arrivals.length > 0 && now - this.arrivals[0]!.at > HEALTH_WINDOW_MS)
      this.arrivals.shift();
  }

  snapshot(now: number, extra: Pick<StreamHealth, 'broadcastId' | 'droppedFrames'>): StreamHealth {
    this.prune(now);
    const span = Math.min(HEALTH_WINDOW_MS, now - (this.startedAt ?? now));
    const bytes = this.arrivals.reduce((sum, arrival) => sum + arrival.bytes, 0);
    const frames = this.arrivals.flatMap((arrival) =>
      arrival.frameDts === null ? [] : [arrival.frameDts],
    );
    const first = Math.min(...frames);
    const last = Math.max(...frames);
    return {
      ...extra,
      writtenAt: now,
      lastPacketAt: this.lastPacketAt,
      kbps: span > 0 ? Math.round((bytes * 8) / span) : 0,
      fps:
        frames.length >= 2 && last > first
          ? Math.round(((frames.length - 1) * 10_000) / (last - first)) / 10
          : null,
      width: this.size?.width ?? null,
      height: this.size?.height ?? null,
      keyFrameSeconds: this.keyFrameSeconds,
      audio: this.audio,
    };
  }
}

/**
 * Whether the encoder's own key frame interval differs from the segment length (2 s,
 * packagerArgs.ts): the site sets its own key frames, but a simulcast relays the encoder's
 * stream as it is, and platforms ask for 2 seconds. Unknown (no second key frame yet) is no
 * mismatch.
 */
export function keyFrameMismatch(keyFrameSeconds: number | null, segmentSeconds: number): boolean {
  return (
    keyFrameSeconds !== null &&
    Math.abs(keyFrameSeconds - segmentSeconds) > KEY_FRAME_TOLERANCE_SECONDS
  );
}

/** The number ffmpeg's `-progress` output last gave for drop_frames in `chunk`, or null. */
export function droppedFramesIn(chunk: string): number | null {
  const all = [...chunk.matchAll(/^drop_frames=(\d+)\s*$/gm)];
  const last = all.at(-1);
  return last ? Number(last[1]) : null;
}

export const HEALTH_FIGURES = [
  'bitrate',
  'frameRate',
  'resolution',
  'keyFrames',
  'audio',
  'sinceLastPacket',
  'droppedFrames',
] as const;

export type HealthFigure = (typeof HEALTH_FIGURES)[number];

/** The owner's panel in words, as the studio renders it and its health.json sends it again. */
export interface StreamHealthView {
  /** Figures arrive: an encoder is connected, or was until a moment ago. */
  receiving: boolean;
  figures: Record<HealthFigure, string>;
  keyFrameWarning: string | null;
  lastError: string | null;
  /** How many watch now, as a number in the viewer's language. */
  viewers: string;
  /** The stream's latest still, signed for this viewer; null before the first. */
  preview: string | null;
}

/** The figures as the studio shows them, in `locale`; a dash where nothing is known yet. */
export interface HealthFigures {
  bitrate: string;
  frameRate: string;
  resolution: string;
  keyFrames: string;
  sinceLastPacket: string;
  droppedFrames: string;
}

const DASH = '—';

export function healthFigures(health: StreamHealth, now: number, locale: string): HealthFigures {
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const unit = (value: number, name: string, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  const since =
    health.lastPacketAt === null
      ? null
      : Math.max(0, Math.round((now - health.lastPacketAt) / 1000));
  return {
    bitrate: unit(health.kbps, 'kilobit-per-second'),
    frameRate: health.fps === null ? DASH : number(health.fps, 1),
    resolution:
      health.width === null || health.height === null ? DASH : `${health.width}×${health.height}`,
    keyFrames: health.keyFrameSeconds === null ? DASH : unit(health.keyFrameSeconds, 'second', 1),
    sinceLastPacket: since === null ? DASH : unit(since, 'second'),
    droppedFrames: health.droppedFrames === null ? DASH : number(health.droppedFrames),
  };
}
