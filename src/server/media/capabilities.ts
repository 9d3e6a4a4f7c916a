/**
 * What the chosen ffmpeg can do. Builds differ (Debian's 5.1, the static 2018 build of
 * @ffmpeg-installer, whatever FFMPEG_PATH names), and a filter being compiled in is not
 * enough: drawtext also needs a font that fontconfig can find, which a bare container lacks.
 */
import { runBinary } from './run.ts';

export interface FfmpegCapabilities {
  filters: ReadonlySet<string>;
  encoders: ReadonlySet<string>;
  /** drawtext is compiled in and found a font: it rendered a frame here. */
  drawtext: boolean;
}

const LIST_TIMEOUT_MS = 15_000;

/**
 * Names from `-filters` / `-encoders`: each entry line is a column of flag letters, then the
 * name. Legend lines (" T.. = Timeline support") have `=` where the name would be.
 */
function listedNames(listing: string, flags: RegExp): Set<string> {
  const names = new Set<string>();
  for (const line of listing.split('\n')) {
    const [flag, name] = line.trim().split(/\s+/);
    if (flag && name && name !== '=' && flags.test(flag)) names.add(name);
  }
  return names;
}

async function drawtextRenders(
  ffmpeg: string,
  env: NodeJS.ProcessEnv | undefined,
): Promise<boolean> {
  try {
    await runBinary(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=64x64:d=0.1',
        '-vf',
        'drawtext=text=Ag:fontsize=16',
        '-frames:v',
        '1',
        '-f',
        'null',
        '-',
      ],
      { timeoutMs: LIST_TIMEOUT_MS, env },
    );
    return true;
  } catch {
    return false;
  }
}

/** Asks the binary every time; `env` lets a test take fontconfig's fonts away. */
export async function detectFfmpegCapabilities(
  ffmpeg: string,
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<FfmpegCapabilities> {
  const { env } = options;
  const [filters, encoders, drawtext] = await Promise.all([
    runBinary(ffmpeg, ['-hide_banner', '-filters'], {
      captureStdout: true,
      timeoutMs: LIST_TIMEOUT_MS,
      env,
    }),
    runBinary(ffmpeg, ['-hide_banner', '-encoders'], {
      captureStdout: true,
      timeoutMs: LIST_TIMEOUT_MS,
      env,
    }),
    drawtextRenders(ffmpeg, env),
  ]);
  return {
    // Filter flags are three of T, S, C or '.'; encoder flags are six, starting with V, A or S.
    filters: listedNames(filters.stdout, /^[TSC.]{3}$/),
    encoders: listedNames(encoders.stdout, /^[VAS][A-Z.]{5}$/),
    drawtext,
  };
}

const memo = new Map<string, Promise<FfmpegCapabilities>>();

/** Detected once per binary path and process. */
export function ffmpegCapabilities(ffmpeg: string): Promise<FfmpegCapabilities> {
  let found = memo.get(ffmpeg);
  if (!found) {
    found = detectFfmpegCapabilities(ffmpeg);
    found.catch(() => memo.delete(ffmpeg));
    memo.set(ffmpeg, found);
  }
  return found;
}
