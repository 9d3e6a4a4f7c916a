import { describe, expect, it } from 'vitest';
import { liveLadder } from './liveLadder.ts';

const heights = (source: number, max = 1080) =>
  liveLadder({ height: source, fps: 30 }, max).rungs.map((r) => r.height);

describe('the live ladder', () => {
  it('starts at the source and spreads at most three rungs below it', () => {
    expect(heights(1080)).toEqual([1080, 720, 360]);
    expect(heights(720)).toEqual([720, 360, 240]);
    expect(heights(480)).toEqual([480, 240]);
    expect(heights(360)).toEqual([360, 240]);
    expect(heights(240)).toEqual([240]);
  });

  it('never goes above LIVE_MAX_HEIGHT, nor makes odd heights', () => {
    expect(heights(2160)).toEqual([1080, 720, 360]);
    expect(heights(1080, 720)).toEqual([720, 360, 240]);
    expect(heights(541)).toEqual([542, 360, 240]);
  });

  it('assumes 720p when the encoder does not say', () => {
    expect(heights(0)).toEqual([720, 360, 240]);
  });

  it('halves a tall source above 30 fps and keeps smaller ones at their rate', () => {
    expect(liveLadder({ height: 2160, fps: 60 }, 1080).fps).toBe(30);
    expect(liveLadder({ height: 1080, fps: 50 }, 1080).fps).toBe(25);
    expect(liveLadder({ height: 720, fps: 60 }, 1080).fps).toBeNull();
    expect(liveLadder({ height: 1080, fps: 30 }, 1080).fps).toBeNull();
    expect(liveLadder({ height: 1080, fps: null }, 1080).fps).toBeNull();
  });

  it('gives each rung a bitrate in proportion to its height', () => {
    const [top, middle, low] = liveLadder({ height: 1080, fps: 30 }, 1080).rungs;
    expect(top!.videoKbps).toBe(4500);
    expect(middle!.videoKbps).toBe(2500);
    expect(low!.videoKbps).toBe(800);
  });
});
