import { describe, expect, it } from 'vitest';
import { renditionLadder } from './renditionLadder.ts';

const heights = (source: number) => renditionLadder(source).map((r) => `${r.quality}${r.height}`);

describe('renditionLadder', () => {
  it('gives a 1080p source sd, 720p and 1080p but no uhd', () => {
    expect(heights(1080)).toEqual(['sd540', 'hd720', 'hd1080']);
  });

  it('adds uhd only for a source of at least 2160 lines', () => {
    expect(heights(2160)).toEqual(['sd540', 'hd720', 'hd1080', 'uhd2160']);
    expect(heights(2000)).toEqual(['sd540', 'hd720', 'hd1080']);
  });

  it('keeps to the rungs a source reaches', () => {
    expect(heights(720)).toEqual(['sd540', 'hd720']);
    expect(heights(719)).toEqual(['sd540']);
    expect(heights(540)).toEqual(['sd540']);
  });

  it('never upscales a small source: one sd at its own even height', () => {
    expect(heights(360)).toEqual(['sd360']);
    expect(heights(241)).toEqual(['sd240']);
  });

  it('refuses a height no encoder can use', () => {
    expect(() => renditionLadder(8)).toThrow(RangeError);
    expect(() => renditionLadder(Number.NaN)).toThrow(RangeError);
  });
});
