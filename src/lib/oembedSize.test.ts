import { describe, expect, it } from 'vitest';
import { fitEmbed, naturalPlayerSize, parseMaxDimension } from './oembedSize.ts';

const natural = naturalPlayerSize(1280);
const unbounded = { maxWidth: null, maxHeight: null };

describe('naturalPlayerSize', () => {
  it('is the video width at 16:9', () => {
    expect(naturalPlayerSize(640)).toEqual({ width: 640, height: 360 });
    expect(naturalPlayerSize(854)).toEqual({ width: 854, height: 480 });
  });

  it('is 1280x720 at most, however wide the video', () => {
    expect(naturalPlayerSize(3840)).toEqual({ width: 1280, height: 720 });
  });

  it('is 1280x720 for a video whose width is not known', () => {
    expect(naturalPlayerSize(null)).toEqual({ width: 1280, height: 720 });
    expect(naturalPlayerSize(0)).toEqual({ width: 1280, height: 720 });
  });
});

describe('parseMaxDimension', () => {
  it('reads whole numbers of pixels', () => {
    expect(parseMaxDimension('640')).toBe(640);
    expect(parseMaxDimension('1')).toBe(1);
  });

  it('treats an absent or empty parameter as no bound', () => {
    expect(parseMaxDimension(null)).toBeNull();
    expect(parseMaxDimension('')).toBeNull();
  });

  it.each(['0', '-5', '12.5', 'wide', '1e3', ' 640', '0x10', '99999999999999'])(
    'refuses %j',
    (raw) => {
      expect(parseMaxDimension(raw)).toBe('invalid');
    },
  );
});

describe('fitEmbed', () => {
  it('gives the natural size without bounds', () => {
    expect(fitEmbed(natural, unbounded)).toEqual({ width: 1280, height: 720 });
  });

  it('never grows past the natural size, however large the bounds', () => {
    expect(fitEmbed(natural, { maxWidth: 100_000, maxHeight: 100_000 })).toEqual({
      width: 1280,
      height: 720,
    });
  });

  it('fits a narrower maxwidth at 16:9', () => {
    expect(fitEmbed(natural, { maxWidth: 640, maxHeight: null })).toEqual({
      width: 640,
      height: 360,
    });
    expect(fitEmbed(natural, { maxWidth: 500, maxHeight: null })).toEqual({
      width: 500,
      height: 281,
    });
  });

  it('fits a lower maxheight at 16:9, the width following', () => {
    expect(fitEmbed(natural, { maxWidth: null, maxHeight: 360 })).toEqual({
      width: 640,
      height: 360,
    });
    expect(fitEmbed(natural, { maxWidth: 1000, maxHeight: 200 })).toEqual({
      width: 355,
      height: 200,
    });
  });

  it('stays within both bounds whichever is tighter', () => {
    for (const [maxWidth, maxHeight] of [
      [300, 500],
      [999, 101],
      [17, 9],
      [1, 1],
      [3, 1000],
    ] as const) {
      const size = fitEmbed(natural, { maxWidth, maxHeight });
      expect(size.width).toBeLessThanOrEqual(maxWidth);
      expect(size.height).toBeLessThanOrEqual(maxHeight);
      expect(size.width).toBeGreaterThanOrEqual(1);
      expect(size.height).toBeGreaterThanOrEqual(1);
    }
  });
});
