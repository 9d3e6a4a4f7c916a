import { describe, expect, it } from 'vitest';
import { median, ratio, scaleSummary, type ScaleFigures } from './benchScale.ts';

describe('median', () => {
  it('is the middle timing, or the mean of the two middle ones', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is not a number without timings', () => {
    expect(median([])).toBeNaN();
  });
});

const figures: ScaleFigures = {
  demoShowcase: 1,
  demoVideos: 34,
  scaleShowcase: 9,
  scaleVideos: 20_000,
  seedSeconds: null,
  runs: 15,
  data: [
    {
      label: 'search',
      demo: { what: '“Harbour”', medianMs: 4 },
      scale: { what: '“12200”', medianMs: 5 },
    },
    {
      label: 'late page',
      demo: { what: 'page 3', medianMs: 8 },
      scale: { what: 'page 800', medianMs: 20 },
    },
  ],
  http: [
    {
      label: 'page 1',
      demo: { what: 'page 1', medianMs: 30 },
      scale: { what: 'page 1', medianMs: 31.5 },
    },
  ],
  api: [
    {
      label: 'one hit',
      demo: { what: '“Jazz cellar”', medianMs: 10 },
      scale: { what: '“12200”', medianMs: 11 },
    },
    {
      label: 'broad',
      demo: { what: '“northwind”', medianMs: 12 },
      scale: { what: '“northwind”', medianMs: 18 },
    },
  ],
};

describe('the printed figures', () => {
  it('give each large figure as a multiple of the small one', () => {
    expect(ratio(figures.data[0]!)).toBe(1.25);
    expect(ratio(figures.data[1]!)).toBe(2.5);
  });

  it('set both showcases side by side with the ratio, for the read and for the page', () => {
    const text = scaleSummary(figures);
    expect(text).toContain('20,000-video showcase 9 reused');
    expect(text).toMatch(/search\s+“Harbour”\s+4 “12200”\s+5\s+1\.25×/);
    expect(text).toMatch(/late page\s+page 3\s+8 page 800\s+20\s+2\.5×/);
    expect(text).toMatch(/page cache skipped\n.*\n\s+page 1\s+page 1\s+30 page 1\s+31\.5\s+1\.05×/);
  });

  it('give the API search for one hit and for a broad query against its own goal', () => {
    const text = scaleSummary(figures);
    expect(text).toMatch(
      /API's search .*\(goal: ratio ≤ 1\.5\)\n.*\n\s+one hit\s+“Jazz cellar”\s+10 “12200”\s+11\s+1\.1×\n\s+broad\s+“northwind”\s+12 “northwind”\s+18\s+1\.5×/,
    );
  });

  it('print the error when the section could not run', () => {
    expect(scaleSummary({ error: 'POST /bench/scale: HTTP 404' })).toContain(
      'POST /bench/scale: HTTP 404',
    );
  });
});
