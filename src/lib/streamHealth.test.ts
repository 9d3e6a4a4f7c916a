import { describe, expect, it } from 'vitest';
import {
  droppedFramesIn,
  healthFigures,
  IngestMeter,
  keyFrameMismatch,
  type MeteredTag,
  type StreamHealth,
} from './streamHealth.ts';

const video = (dts: number, key = false): MeteredTag => ({
  kind: 'video',
  role: key ? 'keyframe' : 'frame',
  dts,
  bytes: 1_000,
});
const audio = (dts: number): MeteredTag => ({ kind: 'audio', role: 'frame', dts, bytes: 250 });
const extra = { broadcastId: 7, droppedFrames: null };

/** Ten seconds of a 25 fps encoder with a key frame every `keyEvery` frames, one audio tag a frame. */
function tenSeconds(meter: IngestMeter, keyEvery: number, withAudio = true): number {
  const start = 1_000_000;
  for (let n = 0; n < 250; n += 1) {
    const at = start + n * 40;
    meter.tag(video(n * 40, n % keyEvery === 0), at);
    if (withAudio) meter.tag(audio(n * 40), at);
  }
  return start + 250 * 40;
}

describe('given an encoder pushing 25 fps with a key frame every 2 s', () => {
  const meter = new IngestMeter();
  meter.resolution(1280, 720);
  const now = tenSeconds(meter, 50);
  const health = meter.snapshot(now, extra);

  it('measures the bitrate over the last seconds: 1,250 bytes a frame is 250 kbps', () => {
    expect(health.kbps).toBe(250);
  });

  it('measures the frame rate from the encoder’s timestamps', () => {
    expect(health.fps).toBe(25);
  });

  it('measures the key frame interval, which matches the 2-second segments', () => {
    expect(health.keyFrameSeconds).toBe(2);
    expect(keyFrameMismatch(health.keyFrameSeconds, 2)).toBe(false);
  });

  it('knows the picture, the sound and the last packet', () => {
    expect(health).toMatchObject({ width: 1280, height: 720, audio: true, lastPacketAt: now - 40 });
  });

  it('falls to no bitrate once nothing arrives for the whole window', () => {
    expect(meter.snapshot(now + 6_000, extra).kbps).toBe(0);
  });
});

describe('given an encoder with OBS’s automatic key frames (every 250 frames) and no sound', () => {
  const meter = new IngestMeter();
  const now = tenSeconds(meter, 125, false);
  const health = meter.snapshot(now, extra);

  it('warns that its key frame interval is not 2 seconds', () => {
    expect(health.keyFrameSeconds).toBe(5);
    expect(keyFrameMismatch(health.keyFrameSeconds, 2)).toBe(true);
  });

  it('says there is no audio', () => {
    expect(health.audio).toBe(false);
  });
});

describe('the key frame warning', () => {
  it('holds back until the interval is known, and forgives a few milliseconds', () => {
    expect(keyFrameMismatch(null, 2)).toBe(false);
    expect(keyFrameMismatch(2.002, 2)).toBe(false);
    expect(keyFrameMismatch(1, 2)).toBe(true);
  });
});

describe('a meter just started', () => {
  it('measures over the time it has, not a whole window', () => {
    const meter = new IngestMeter();
    meter.tag({ ...video(0, true), bytes: 10_000 }, 500);
    meter.tag({ ...video(40), bytes: 10_000 }, 1_500);
    expect(meter.snapshot(1_500, extra)).toMatchObject({
      kbps: 160,
      fps: 25,
      keyFrameSeconds: null,
    });
  });
});

describe('the packager’s progress', () => {
  it('gives the last drop_frames it reported', () => {
    expect(
      droppedFramesIn('frame=10\ndrop_frames=0\nprogress=continue\nframe=20\ndrop_frames=3\n'),
    ).toBe(3);
    expect(droppedFramesIn('out_time_ms=100\n')).toBeNull();
  });
});

describe('the figures an owner reads', () => {
  const health: StreamHealth = {
    broadcastId: 1,
    writtenAt: 10_000,
    lastPacketAt: 8_000,
    kbps: 2_500,
    fps: 29.97,
    width: 1920,
    height: 1080,
    keyFrameSeconds: 2,
    audio: true,
    droppedFrames: 1_234,
  };

  it('are written in the owner’s language', () => {
    expect(healthFigures(health, 10_400, 'en')).toEqual({
      bitrate: '2,500 kb/s',
      frameRate: '30',
      resolution: '1920×1080',
      keyFrames: '2 sec',
      sinceLastPacket: '2 sec',
      droppedFrames: '1,234',
    });
    expect(healthFigures(health, 10_400, 'de-DE').droppedFrames).toBe('1.234');
  });

  it('show a dash for what is not known yet', () => {
    const early = {
      ...health,
      fps: null,
      width: null,
      height: null,
      keyFrameSeconds: null,
      lastPacketAt: null,
      droppedFrames: null,
    };
    expect(healthFigures(early, 10_000, 'en')).toMatchObject({
      frameRate: '—',
      resolution: '—',
      keyFrames: '—',
      sinceLastPacket: '—',
      droppedFrames: '—',
    });
  });
});
