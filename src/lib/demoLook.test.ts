import { describe, expect, it } from 'vitest';
import {
  DEMO_MOTIFS,
  DEMO_PALETTES,
  demoLook,
  fadeSeconds,
  posterSeconds,
  titleCardTiming,
} from './demoLook.ts';

describe('demoLook', () => {
  it('is the same for the same seed', () => {
    expect(demoLook(7)).toEqual(demoLook(7));
  });

  it('gives neighbouring seeds a different motif and a different palette', () => {
    for (let seed = 0; seed < 60; seed++) {
      const [a, b] = [demoLook(seed), demoLook(seed + 1)];
      expect(a.motif).not.toBe(b.motif);
      expect(a.palette.name).not.toBe(b.palette.name);
    }
  });

  it('uses every motif and palette, and no pair twice in thirty consecutive seeds', () => {
    const looks = Array.from({ length: 30 }, (_, i) => demoLook(i + 1));
    expect(new Set(looks.map((l) => l.motif))).toEqual(new Set(DEMO_MOTIFS));
    expect(new Set(looks.map((l) => l.palette.name))).toEqual(
      new Set(DEMO_PALETTES.map((p) => p.name)),
    );
    expect(new Set(looks.map((l) => `${l.motif}/${l.palette.name}`)).size).toBe(30);
  });

  it('takes any integer seed, negative included, with a phase in [0, 1)', () => {
    for (const seed of [-3, 0, 500, 2 ** 31]) {
      const { phase, toneHz } = demoLook(seed);
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(1);
      expect(toneHz).toBeGreaterThan(200);
    }
  });
});

describe('the poster moment', () => {
  it('falls after the title card and before the closing fade', () => {
    for (const duration of [2, 4, 5, 8, 12, 20, 24]) {
      const at = posterSeconds(duration);
      expect(at).toBeGreaterThan(titleCardTiming(duration).outSeconds);
      expect(at).toBeLessThan(duration - fadeSeconds(duration));
    }
  });

  it('is a third of the way into a clip whose title is long gone by then', () => {
    expect(posterSeconds(20)).toBeCloseTo(20 / 3);
    expect(posterSeconds(3725)).toBeCloseTo(3725 / 3);
  });

  it('keeps the title card within the first half of a short clip', () => {
    expect(titleCardTiming(4)).toEqual({ inSeconds: 0.4, outSeconds: 2, fadeSeconds: 0.4 });
    expect(titleCardTiming(60).outSeconds).toBe(4);
  });
});
