import { describe, expect, it } from 'vitest';
import {
  chooseQuality,
  currentQuality,
  listQualities,
  type QualityLadder,
} from './playerQualities.ts';

function ladder(heights: number[]): QualityLadder & { level: number | null } {
  return {
    level: null,
    heights: () => heights,
    chosen() {
      return this.level;
    },
    choose(level) {
      this.level = level;
    },
  };
}

describe('given an HLS ladder of 360p, 720p and 2160p', () => {
  it('lists auto first, then each height from the highest, named as Vimeo names them', () => {
    expect(listQualities(ladder([360, 720, 2160]))).toEqual([
      { label: 'Auto', id: 'auto', active: true },
      { label: '4K', id: '2160p', active: false },
      { label: '720p', id: '720p', active: false },
      { label: '360p', id: '360p', active: false },
    ]);
  });

  it('chooses a rendition by its id, and auto back', () => {
    const renditions = ladder([360, 720, 2160]);
    expect(chooseQuality(renditions, '720p')).toBe(true);
    expect(renditions.level).toBe(1);
    expect(currentQuality(renditions)).toBe('720p');
    expect(chooseQuality(renditions, 'auto')).toBe(true);
    expect(currentQuality(renditions)).toBe('auto');
    expect(chooseQuality(renditions, '1080p')).toBe(false);
  });
});

describe('without a ladder', () => {
  it('has auto alone', () => {
    expect(listQualities(null)).toEqual([{ label: 'Auto', id: 'auto', active: true }]);
    expect(chooseQuality(null, 'auto')).toBe(true);
    expect(chooseQuality(null, '720p')).toBe(false);
  });
});
