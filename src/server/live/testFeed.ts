/**
 * A live test picture pushed like an encoder would: ffmpeg's moving test pattern with a tone,
 * the wall clock written on it for people, and the same second drawn as binary boxes along
 * the top for machines: six boxes, white for a set bit of (Unix seconds mod 64). Reading the
 * boxes off a played frame gives the second it was made in, so glass-to-glass latency can be
 * measured from the picture alone (scripts/bench.ts). Used by the demo's live event, the
 * tests and the benchmark.
 */
export const CLOCK_BITS = 6;
export const CLOCK_BOX = 16;

export interface TestFeedOptions {
  /** rtmp://host:port/live/{key} */
  url: string;
  width: number;
  height: number;
  fps: number;
  /** Write the time as text (needs drawtext with a font: ffmpegCapabilities().drawtext). */
  clockText: boolean;
  /** Stop after this many seconds; unset pushes until killed. */
  seconds?: number;
  /** Send sound (a 440 Hz tone). */
  audio?: boolean;
}

/** Top left corner of the box of `bit`, in pixels of the pushed picture. */
export function clockBoxAt(bit: number): { x: number; y: number } {
  return { x: 8 + bit * (CLOCK_BOX + 4), y: 8 };
}

function clockBoxes(): string[] {
  return Array.from({ length: CLOCK_BITS }, (_, bit) => {
    const { x, y } = clockBoxAt(bit);
    return `drawbox=x=${x}:y=${y}:w=${CLOCK_BOX}:h=${CLOCK_BOX}:color=white:t=fill:enable='eq(mod(floor(time(0)/${2 ** bit}),2),1)'`;
  });
}

export function testFeedArgs({
  url,
  width,
  height,
  fps,
  clockText,
  seconds,
  audio = true,
}: TestFeedOptions): string[] {
  const filters = [
    `drawbox=x=0:y=0:w=${8 + CLOCK_BITS * (CLOCK_BOX + 4) + 4}:h=${CLOCK_BOX + 16}:color=black:t=fill`,
    ...clockBoxes(),
  ];
  if (clockText) {
    const size = Math.max(16, Math.round(height / 10));
    filters.push(
      `drawtext=text='%{gmtime\\:%H\\\\\\:%M\\\\\\:%S} UTC':fontsize=${size}:fontcolor=white` +
        `:box=1:boxcolor=black@0.6:boxborderw=8:x=(w-text_w)/2:y=h-text_h-${size}`,
    );
  }
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}`,
  ];
  if (audio) args.push('-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  if (seconds !== undefined) args.push('-t', String(seconds));
  args.push(
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(fps * 2),
  );
  args.push('-b:v', `${Math.round((width * height * fps) / 1000 / 10)}k`);
  if (audio) args.push('-c:a', 'aac', '-b:a', '64k');
  args.push('-f', 'flv', url);
  return args;
}

/** The second (mod 64) that the clock boxes of a frame show, from each box's brightness (0–255). */
export function readClockBits(brightness: readonly number[]): number {
  return brightness.reduce((value, level, bit) => value + (level > 127 ? 2 ** bit : 0), 0);
}
