import { describe, expect, it } from 'vitest';
import { DEMO_SHOWCASES, DEMO_VIDEOS, FULL_HD_RENDER } from './demoCatalogue.ts';

describe('the demo catalogue', () => {
  const fullHd = DEMO_VIDEOS.filter((v) => v.fullHd);

  it('has at least four 1080p videos, with media, in the public grid showcase', () => {
    expect(FULL_HD_RENDER).toMatchObject({ width: 1920, height: 1080 });
    expect(fullHd.length).toBeGreaterThanOrEqual(4);
    const grid = DEMO_SHOWCASES.find((s) => s.key === 'grid')!;
    for (const video of fullHd) {
      expect(video.duration).toBeGreaterThan(0);
      expect(grid.videos).toContain(video.key);
    }
  });

  it('makes the first video of the grid a 1080p one, so its player frame streams a three-rung ladder', () => {
    const first = DEMO_SHOWCASES.find((s) => s.key === 'grid')!.videos[0];
    expect(fullHd.map((v) => v.key)).toContain(first);
  });
});
