/**
 * The look of a demo clip (src/server/media/demoFootage.ts): one of a handful of generated
 * motifs in one of a few colour palettes, chosen by the clip's seed, and when its title card
 * and poster frame fall. Consecutive seeds differ in both motif and palette, so neighbouring
 * cards in a showcase never look alike.
 */

/**
 * aurora: slow flowing bands of light; ripples: rings spreading from a point; fractal: a zoom
 * into the Mandelbrot set; particles: drifting sparks over a glow; weave: a scrolling
 * cellular automaton, like cloth on a loom.
 */
export const DEMO_MOTIFS = ['aurora', 'ripples', 'fractal', 'particles', 'weave'] as const;
type DemoMotif = (typeof DEMO_MOTIFS)[number];

export type Rgb = readonly [number, number, number];

export interface DemoPalette {
  name: string;
  /** Shadows, midtones and highlights: the motif's grey levels are mapped through them. */
  stops: readonly [Rgb, Rgb, Rgb];
  /** A fontconfig family present on Debian (fonts-dejavu-core). */
  typeface: string;
}

export const DEMO_PALETTES: readonly DemoPalette[] = [
  {
    name: 'dusk',
    stops: [
      [12, 18, 48],
      [200, 80, 90],
      [255, 214, 150],
    ],
    typeface: 'DejaVu Serif',
  },
  {
    name: 'lagoon',
    stops: [
      [4, 24, 38],
      [20, 120, 140],
      [190, 240, 230],
    ],
    typeface: 'DejaVu Sans',
  },
  {
    name: 'ember',
    stops: [
      [20, 6, 4],
      [170, 50, 20],
      [255, 190, 90],
    ],
    typeface: 'DejaVu Serif',
  },
  {
    name: 'moss',
    stops: [
      [10, 22, 14],
      [70, 120, 60],
      [220, 230, 170],
    ],
    typeface: 'DejaVu Sans',
  },
  {
    name: 'violet',
    stops: [
      [16, 8, 36],
      [110, 60, 170],
      [240, 200, 255],
    ],
    typeface: 'DejaVu Serif',
  },
  {
    name: 'steel',
    stops: [
      [14, 16, 20],
      [90, 100, 115],
      [235, 238, 240],
    ],
    typeface: 'DejaVu Sans',
  },
];

/** A pentatonic set: any two demo clips played one after the other still sound pleasant. */
const TONES_HZ = [220, 247, 277, 330, 370] as const;

export interface DemoLook {
  motif: DemoMotif;
  palette: DemoPalette;
  /** The root of the clip's soft chord (a fifth is added above it). */
  toneHz: number;
  /** 0 to 1: shifts the motif's pattern, so two clips of one motif do not start alike. */
  phase: number;
}

export function demoLook(seed: number): DemoLook {
  const n = Math.abs(Math.trunc(seed));
  // 5 motifs and 6 palettes are coprime: 30 consecutive seeds give 30 different pairs.
  return {
    motif: DEMO_MOTIFS[n % DEMO_MOTIFS.length]!,
    palette: DEMO_PALETTES[n % DEMO_PALETTES.length]!,
    toneHz: TONES_HZ[n % TONES_HZ.length]!,
    phase: (((n * 0.618_034) % 1) + 1) % 1,
  };
}

export interface TitleCardTiming {
  /** The title starts fading in. */
  inSeconds: number;
  /** Fully gone. */
  outSeconds: number;
  fadeSeconds: number;
}

/** The opening title: over the first half of a short clip, the first few seconds of a long one. */
export function titleCardTiming(durationSeconds: number): TitleCardTiming {
  return {
    inSeconds: Math.min(0.4, durationSeconds / 10),
    outSeconds: Math.min(4, durationSeconds / 2),
    fadeSeconds: Math.min(0.5, durationSeconds / 10),
  };
}

/** The clip fades from and to black over this long. */
export function fadeSeconds(durationSeconds: number): number {
  return Math.min(0.6, durationSeconds / 8);
}

/**
 * The poster's moment: a third of the way in, but never on the title card or the fades, so
 * the picture shows the footage at full strength.
 */
export function posterSeconds(durationSeconds: number): number {
  const afterTitle = titleCardTiming(durationSeconds).outSeconds + 0.3;
  const beforeFade = durationSeconds - fadeSeconds(durationSeconds) - 0.2;
  return Math.max(0, Math.min(Math.max(durationSeconds / 3, afterTitle), beforeFade));
}
