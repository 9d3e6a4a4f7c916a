import { describe, expect, it } from 'vitest';
import { avcSequenceHeaderResolution } from './avcResolution.ts';

/** FLV video tag bodies of AVC sequence headers as ffmpeg's libx264 writes them. */
const header = (hex: string) => Buffer.from(hex, 'hex');
const HIGH_1080P = header(
  '170000000001640028ffe1001b67640028acd940780227e5c044000003000400000300f03c60c65801000468ef8fcb',
);
const HIGH_720P = header(
  '17000000000164001fffe1001a6764001facd9405005bb0110000003001000000303c0f183196001000468ef8fcb',
);
const HIGH444_360P = header(
  '170000000001f4001effe1001b67f4001e919b281405ff138088000003000800000301e078b16cb001000568ef8f19',
);

describe('the picture size of an AVC sequence header', () => {
  it('reads 1920×1080, the cropped bottom of 1088 taken off', () => {
    expect(avcSequenceHeaderResolution(HIGH_1080P)).toEqual({ width: 1920, height: 1080 });
  });

  it('reads 1280×720', () => {
    expect(avcSequenceHeaderResolution(HIGH_720P)).toEqual({ width: 1280, height: 720 });
  });

  it('reads a 4:4:4 stream, whose cropping counts in whole pixels', () => {
    expect(avcSequenceHeaderResolution(HIGH444_360P)).toEqual({ width: 640, height: 360 });
  });

  it('is none for a frame, another codec or a cut record', () => {
    const frame = Buffer.from(HIGH_720P);
    frame[1] = 1;
    expect(avcSequenceHeaderResolution(frame)).toBeNull();
    const hevc = Buffer.from(HIGH_720P);
    hevc[0] = 0x1c;
    expect(avcSequenceHeaderResolution(hevc)).toBeNull();
    expect(avcSequenceHeaderResolution(HIGH_720P.subarray(0, 20))).toBeNull();
  });
});
