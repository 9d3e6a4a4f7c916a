/**
 * Footage-like clips for the demo catalogue: a generated motif (src/lib/demoLook.ts) in the
 * clip's palette, an opening title in a real typeface, fades from and to black, and a soft
 * chord. H.264 + AAC in MP4 with the moov atom first, as an upload would be after ingest.
 * Made by ffmpeg's own sources, so nothing is downloaded, and only with filters that the 2018
 * bundled build has too (no `gradients`, no `xfade`).
 *
 * Cheap by construction: the motif is computed at about 200 pixels across and scaled up (it is
 * soft anyway); smaller renditions come out of the same run, each scaled from the motif straight
 * to its size with its own title, so no frame is decoded or scaled twice; and clips past
 * STILL_FOOTAGE_AFTER_SECONDS are a single title slide at 1 fps over room tone, so the
 * hour-long keynote costs seconds.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  demoLook,
  fadeSeconds,
  titleCardTiming,
  type DemoLook,
  type Rgb,
  type TitleCardTiming,
} from '../../lib/demoLook.ts';
import { ffmpegCapabilities } from './capabilities.ts';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import { escapeFilterValue } from './filterGraph.ts';
import { runBinary } from './run.ts';

export type FootageStyle = 'motion' | 'still';

export const STILL_FOOTAGE_AFTER_SECONDS = 600;
const FPS = 24;
/** Width of the generated motif before scaling; its height follows the frame's shape. */
const BASE_WIDTH = 192;
/** Above this height the source is sold rather than streamed, and x264's cheapest preset suffices: the upscaled motif is soft, only its bytes grow. */
const DETAILED_SOURCE_MAX_HEIGHT = 1080;
/** A keyframe exactly this often on every output, so the source and its renditions cut into aligned HLS segments. */
const KEYFRAME_SECONDS = 2;

export interface DemoFootageOptions {
  durationSeconds: number;
  /** Even numbers (yuv420p halves chroma). */
  width: number;
  height: number;
  /** Picks the motif, palette and tone (demoLook). */
  seed: number;
  /** The opening title, drawn when this ffmpeg can draw text; otherwise left out. */
  title?: string | undefined;
  /** Smaller copies of the clip written by the same run, as a playable rendition would be encoded. */
  renditions?: readonly FootageRendition[] | undefined;
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

interface FootageRendition {
  path: string;
  /** Even; the width follows the frame's shape, rounded to an even number. */
  height: number;
}

export interface DemoFootage {
  path: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  style: FootageStyle;
  look: DemoLook;
  /** Whether the title was drawn. */
  titled: boolean;
  /** The renditions written, with their widths. */
  renditions: { path: string; width: number; height: number }[];
  elapsedMs: number;
}

interface Size {
  width: number;
  height: number;
}

function assertDimension(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 16 || value > 7680 || value % 2 !== 0) {
    throw new RangeError(`${name} must be an even integer between 16 and 7680, got ${value}`);
  }
}

const hex = ([r, g, b]: Rgb): string =>
  `0x${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Maps grey levels through the palette's three stops, one lookup table per channel. */
function paletteMap(stops: readonly [Rgb, Rgb, Rgb]): string {
  const [dark, mid, light] = stops;
  const channel = (i: 0 | 1 | 2) =>
    `'if(lt(val,128),${dark[i]}+${mid[i] - dark[i]}*val/128,${mid[i]}+${light[i] - mid[i]}*(val-128)/127)'`;
  return `format=rgb24,lutrgb=r=${channel(0)}:g=${channel(1)}:b=${channel(2)}`;
}

/**
 * A smooth field of grey levels given by a geq expression of X/W, Y/H and T, at the base size.
 * geq evaluates its expression pixel by pixel, the motif's largest cost, so the field is
 * computed at half the base size and scaled up: its waves are many pixels long, and bicubic
 * scaling restores them unchanged.
 */
function fieldLevels(base: Size, duration: number, expression: string): string {
  const half = `${Math.max(2, Math.round(base.width / 2))}x${Math.max(2, Math.round(base.height / 2))}`;
  return `nullsrc=s=${half}:r=${FPS}:d=${duration},format=gray,geq=lum='${expression}',scale=${base.width}:${base.height}:flags=bicubic`;
}

/** Flowing bands of light, as grey levels; `bright` 0..1 scales their strength. */
function auroraLevels(base: Size, duration: number, phase: number, bright: number): string {
  const p = phase.toFixed(3);
  const a = Math.round(70 * bright);
  const b = Math.round(50 * bright);
  const mean = Math.round(128 * bright);
  return fieldLevels(
    base,
    duration,
    `${mean}+${a}*sin(2*PI*(X/W*1.3+T*0.07+${p}))+${b}*sin(2*PI*(Y/H*0.9-T*0.05+X/W*0.4+${p}))`,
  );
}

/** The motif as grey levels at the base size, labelled [levels]. */
function motifLevels(look: DemoLook, base: Size, duration: number, seed: number): string {
  const size = `${base.width}x${base.height}`;
  const { phase } = look;
  switch (look.motif) {
    case 'aurora':
      return `${auroraLevels(base, duration, phase, 1)}[levels]`;
    case 'ripples': {
      const cx = (0.3 + 0.4 * phase).toFixed(3);
      const r = `hypot(X-W*${cx},Y-H*0.55)`;
      // A ring every 2π·5 pixels of the base width, whatever size the field is computed at.
      const radiansAcross = (BASE_WIDTH / 5).toFixed(1);
      return `${fieldLevels(base, duration, `128+85*sin(${r}*${radiansAcross}/W-T*1.4)*exp(-${r}/(W*0.45))+35*sin(2*PI*(X/W+T*0.05))`)}[levels]`;
    }
    case 'fractal':
      // The filter's own centre stays on the set's edge all the way in; mincol shades the inside.
      return (
        `mandelbrot=s=${size}:r=${FPS}:maxiter=160:start_scale=3:end_scale=0.3:end_pts=${Math.round(duration * FPS)}:` +
        `outer=normalized_iteration_count:inner=mincol,trim=duration=${duration},format=gray[levels]`
      );
    case 'particles':
      return (
        `life=s=${size}:r=${FPS}:mold=30:ratio=0.08:seed=${seed}:life_color=white:death_color=black:mold_color=0x383838,` +
        `trim=duration=${duration},format=gray,gblur=sigma=1[sparks];` +
        `${auroraLevels(base, duration, phase, 0.5)}[glow];` +
        '[glow][sparks]blend=all_mode=screen[levels]'
      );
    case 'weave': {
      const rule = [30, 90, 110, 150, 105][Math.floor(phase * 5)]!;
      return (
        `cellauto=s=${size}:r=${FPS}:rule=${rule}:random_fill_ratio=0.4:seed=${seed}:scroll=1,trim=duration=${duration},format=gray,gblur=sigma=0.8[cells];` +
        `${auroraLevels(base, duration, phase, 1)}[light];[cells][light]blend=all_mode=multiply[levels]`
      );
    }
  }
}

/**
 * The title's font size: a tenth of the height, smaller for a long title so it fits on one
 * line (drawtext does not wrap), and cut short only past that.
 */
function fitTitle(
  title: string,
  width: number,
  height: number,
): { text: string; fontSize: number } {
  const oneLine = title.replace(/\s+/g, ' ').trim();
  // An average glyph of DejaVu is a little over half its size wide.
  const glyph = 0.58;
  const usable = width * 0.86;
  const fontSize = Math.round(
    Math.max(height / 24, Math.min(height / 10, usable / (oneLine.length * glyph))),
  );
  const maxChars = Math.floor(usable / (fontSize * glyph));
  return {
    text: oneLine.length <= maxChars ? oneLine : `${oneLine.slice(0, maxChars - 1)}…`,
    fontSize,
  };
}

/** The title centred in the frame; with `timing` it fades in and out, without it stays. */
function drawTitle(
  title: string,
  look: DemoLook,
  width: number,
  height: number,
  timing: TitleCardTiming | null,
): string {
  const { text, fontSize } = fitTitle(title, width, height);
  const shadow = Math.max(1, Math.round(fontSize / 24));
  const options = [
    `drawtext=font=${escapeFilterValue(look.palette.typeface)}`,
    `text=${escapeFilterValue(text)}`,
    'expansion=none',
    `fontsize=${fontSize}`,
    'fontcolor=white',
    'shadowcolor=black@0.45',
    `shadowx=${shadow}`,
    `shadowy=${shadow}`,
    'x=(w-tw)/2',
    'y=(h-th)/2',
  ];
  if (timing) {
    const { inSeconds: a, outSeconds: d, fadeSeconds: f } = timing;
    const [b, c] = [a + f, d - f].map((s) => s.toFixed(2));
    options.push(
      `alpha='if(lt(t,${b}),(t-${a.toFixed(2)})/${f.toFixed(2)},if(lt(t,${c}),1,(${d.toFixed(2)}-t)/${f.toFixed(2)}))'`,
      `enable='between(t,${a.toFixed(2)},${d.toFixed(2)})'`,
    );
  }
  return options.join(':');
}

/** Labels [v0] [v1] … and [a0] [a1] … for n outputs. */
const labels = (prefix: string, n: number): string =>
  Array.from({ length: n }, (_, i) => `[${prefix}${i}]`).join('');

/**
 * Video and audio of a motion clip, one pair per output: [v0] [a0] for the first, [v1] [a1] for
 * the next. The motif, palette and fades are computed once at the base size, then each output
 * is scaled from there and titled at its own size.
 */
function motionGraph(options: {
  outputs: readonly Size[];
  duration: number;
  seed: number;
  look: DemoLook;
  title: string | null;
}): string {
  const { outputs, duration, seed, look, title } = options;
  const { width, height } = outputs[0]!;
  const base = {
    width: BASE_WIDTH,
    height: Math.max(2, Math.round((BASE_WIDTH * height) / width / 2) * 2),
  };
  const fade = fadeSeconds(duration);
  const d = duration.toFixed(3);
  const shared = [
    paletteMap(look.palette.stops),
    `fade=t=in:st=0:d=${fade.toFixed(2)}`,
    `fade=t=out:st=${(duration - fade).toFixed(2)}:d=${fade.toFixed(2)}`,
    // Scaled in YUV, a third of the bytes of RGB.
    'format=yuv420p',
    `split=${outputs.length}`,
  ];
  const branches = outputs.map(
    (output, i) =>
      [
        // bicubic keeps the soft motif free of blocks.
        `[m${i}]scale=${output.width}:${output.height}:flags=bicubic`,
        'setsar=1',
        ...(title
          ? [drawTitle(title, look, output.width, output.height, titleCardTiming(duration))]
          : []),
      ].join(',') + `[v${i}]`,
  );
  // A root and its fifth, swelling gently: sine sources are table lookups, far cheaper than an expression per sample.
  const tone = (hz: number, label: string) =>
    `sine=frequency=${hz}:sample_rate=44100:duration=${d}[${label}]`;
  const audio = [
    tone(look.toneHz, 'root'),
    tone(Math.round(look.toneHz * 1.5), 'fifth'),
    '[root][fifth]amix=inputs=2,tremolo=f=0.2:d=0.3,' +
      `afade=t=in:d=${fade.toFixed(2)},` +
      `afade=t=out:st=${(duration - fade).toFixed(2)}:d=${fade.toFixed(2)},` +
      `asplit=${outputs.length}${labels('a', outputs.length)}`,
  ];
  return [
    motifLevels(look, base, duration, seed),
    `[levels]${shared.join(',')}${labels('m', outputs.length)}`,
    ...branches,
    ...audio,
  ].join(';');
}

/**
 * A title slide at 1 fps over quiet room tone: an hour of it is mostly identical frames. The
 * tone is lowpassed at 400 Hz, so 8 kHz sampling holds all of it at half the cost of 16 kHz.
 */
function stillGraph(options: {
  outputs: readonly Size[];
  duration: number;
  look: DemoLook;
  title: string | null;
}): string {
  const { outputs, duration, look, title } = options;
  const slides = outputs.map(
    ({ width, height }, i) =>
      [
        `color=c=${hex(look.palette.stops[0])}:s=${width}x${height}:r=1:d=${duration}`,
        ...(title ? [drawTitle(title, look, width, height, null)] : []),
      ].join(',') + `[v${i}]`,
  );
  return [
    ...slides,
    `anoisesrc=color=brown:amplitude=0.2:sample_rate=8000:duration=${duration},lowpass=f=400,asplit=${outputs.length}${labels('a', outputs.length)}`,
  ].join(';');
}

export function footageStyle(durationSeconds: number): FootageStyle {
  return durationSeconds > STILL_FOOTAGE_AFTER_SECONDS ? 'still' : 'motion';
}

/** The width of a rendition `height` tall, in the source's shape and even as yuv420p needs (as scale=-2 rounds). */
function renditionWidth(source: Size, height: number): number {
  return Math.round((source.width * height) / source.height / 2) * 2;
}

/** A keyframe every KEYFRAME_SECONDS exactly: no scene cuts, which would land at different moments on different outputs. */
function keyframeArgs(fps: number): string[] {
  const interval = String(fps * KEYFRAME_SECONDS);
  return ['-g', interval, '-keyint_min', interval, '-sc_threshold', '0'];
}

/**
 * Every output of a still slide. A constant quantiser makes each frame after a keyframe a copy
 * of it; under crf x264 goes on refining the title frame after frame, which costs three times
 * the time for a difference nobody sees (the keyframes look the same either way).
 */
const STILL_VIDEO_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-tune',
  'stillimage',
  '-qp',
  '23',
  '-g',
  '30',
];

/**
 * x264's cheapest preset with its two omissions that show put back: CABAC (a fifth fewer bytes)
 * and the deblocking filter (no block edges in the soft gradients). Against superfast, a
 * 12-second 1080p clip with its 720p and 360p takes 5.9 s of CPU instead of 10.1, in fewer
 * bytes, and a 540p one with its 360p a fifth less, at SSIM 0.996 instead of 0.997; frames side
 * by side show no difference on the upscaled motif. The demo's first start is mostly this.
 */
const STREAMED_PRESET = ['-preset', 'ultrafast', '-x264-params', 'cabac=1:deblock=1'];

/**
 * How the source is encoded: a streamed source as its renditions are; a larger one, sold but
 * never streamed, at plain ultrafast, since only its bytes grow.
 */
function sourceVideoArgs(style: FootageStyle, height: number): string[] {
  if (style === 'still') return STILL_VIDEO_ARGS;
  const preset = height > DETAILED_SOURCE_MAX_HEIGHT ? ['-preset', 'ultrafast'] : STREAMED_PRESET;
  return ['-c:v', 'libx264', ...preset, '-crf', '24', ...keyframeArgs(FPS)];
}

/** A rendition at the crf encodeMp4Rendition (renditions.ts) gives an upload's, at the streamed preset above. */
function renditionVideoArgs(style: FootageStyle): string[] {
  if (style === 'still') return STILL_VIDEO_ARGS;
  return ['-c:v', 'libx264', ...STREAMED_PRESET, '-crf', '23', ...keyframeArgs(FPS)];
}

export async function generateDemoFootage(
  outputPath: string,
  options: DemoFootageOptions,
): Promise<DemoFootage> {
  const { durationSeconds: duration, width, height, seed } = options;
  if (!Number.isFinite(duration) || duration <= 0)
    throw new RangeError(`durationSeconds must be a positive number, got ${duration}`);
  assertDimension('width', width);
  assertDimension('height', height);
  const source = { path: outputPath, width, height };
  const renditions = (options.renditions ?? []).map((r) => {
    assertDimension('rendition height', r.height);
    return { path: r.path, width: renditionWidth(source, r.height), height: r.height };
  });
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const { drawtext } = await ffmpegCapabilities(binaries.ffmpeg);
  const look = demoLook(seed);
  const style = footageStyle(duration);
  const title = drawtext && options.title?.trim() ? options.title : null;
  const fps = style === 'still' ? 1 : FPS;

  const outputs = [source, ...renditions];
  const graph =
    style === 'still'
      ? stillGraph({ outputs, duration, look, title })
      : motionGraph({ outputs, duration, seed, look, title });
  // The default AAC coder spends 4x longer on a steady tone for no audible gain here.
  const audioCodec = [
    '-c:a',
    'aac',
    '-aac_coder',
    'fast',
    '-ac',
    '1',
    '-b:a',
    style === 'still' ? '24k' : '64k',
  ];
  // Each written beside its target and renamed: a crash never leaves a half clip under the real name.
  const partials = outputs.map((f) => `${f.path}.partial-${randomBytes(4).toString('hex')}`);
  const outputArgs = outputs.flatMap((_, i) => [
    '-map',
    `[v${i}]`,
    '-map',
    `[a${i}]`,
    ...(i === 0 ? sourceVideoArgs(style, height) : renditionVideoArgs(style)),
    '-pix_fmt',
    'yuv420p',
    ...audioCodec,
    '-t',
    String(duration),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    partials[i]!,
  ]);

  await Promise.all(outputs.map((f) => mkdir(path.dirname(f.path), { recursive: true })));
  try {
    const { elapsedMs } = await runBinary(
      binaries.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-filter_complex',
        graph,
        ...outputArgs,
      ],
      {
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      },
    );
    await Promise.all(outputs.map((f, i) => rename(partials[i]!, f.path)));
    return {
      path: outputPath,
      durationSeconds: duration,
      width,
      height,
      fps,
      style,
      look,
      titled: title !== null,
      renditions,
      elapsedMs,
    };
  } catch (error) {
    await Promise.all(partials.map((p) => rm(p, { force: true })));
    throw error;
  }
}
