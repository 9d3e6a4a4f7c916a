/**
 * Which ffmpeg and ffprobe the media pipeline runs (DESIGN.md, media): FFMPEG_PATH and
 * FFPROBE_PATH, else the ones on PATH (Debian's current build is what production should
 * use), else the binaries of the optional npm packages, so a bare machine still runs the demo.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { config } from '../config.ts';
import { isExecutable, ProcessError, runBinary } from './run.ts';

type BinarySource = 'env' | 'path' | 'bundled';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where ffmpeg came from. */
  source: BinarySource;
  /** Where ffprobe came from; the two are looked up separately, so they can differ. */
  ffprobeSource: BinarySource;
  /** ffmpeg's version string, e.g. "5.1.9-0+deb12u1". Part of cache keys: output depends on it. */
  version: string;
  /** The environment ffprobe runs in; see STATIC_FFPROBE_ENV. */
  ffprobeEnv: NodeJS.ProcessEnv | undefined;
}

export interface FindFfmpegOptions {
  /** FFMPEG_PATH: when set it is used or discovery fails; a typo must not fall back silently. */
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
  /** The PATH to search, e.g. process.env.PATH. */
  searchPath?: string | undefined;
  /** Receives the bundled-build warning; defaults to one process warning per process. */
  warn?: ((message: string) => void) | undefined;
}

type Tool = 'ffmpeg' | 'ffprobe';

const VERSION_TIMEOUT_MS = 15_000;

const BUNDLED_FFMPEG_WARNING =
  'Using the ffmpeg bundled with @ffmpeg-installer/ffmpeg, a 2018 build with known security ' +
  'flaws. Uploads from strangers deserve a current ffmpeg: install one (apt install ffmpeg) ' +
  'or set FFMPEG_PATH and FFPROBE_PATH.';

const executableName = (tool: Tool): string =>
  process.platform === 'win32' ? `${tool}.exe` : tool;

function onSearchPath(tool: Tool, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, executableName(tool));
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function bundled(tool: Tool): string {
  const require = createRequire(import.meta.url);
  const pkg = tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  try {
    const found = require(pkg) as { path?: unknown };
    if (typeof found.path === 'string') return found.path;
    throw new Error(`${pkg} exports no path`);
  } catch (error) {
    // The package is an optional dependency: `npm install --omit=optional` leaves it out.
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `No ${tool} found: install ffmpeg (apt install ffmpeg), put ${tool} on PATH or set ${tool.toUpperCase()}_PATH. ` +
          `The optional package ${pkg}, whose old build would stand in, is not installed.`,
        { cause: error },
      );
    }
    // @ffmpeg-installer throws a bare string when its platform package is missing.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `No ${tool} found: set ${tool.toUpperCase()}_PATH, put ${tool} on PATH, or install ${pkg} (${reason})`,
    );
  }
}

/**
 * The static ffprobe of @ffprobe-installer cannot load this machine's iconv modules and dies
 * with SIGSEGV on every MPEG-TS file (HLS segments, camcorder .ts/.mts uploads), whose service
 * names it converts with iconv. A GCONV_PATH that leads nowhere makes iconv_open fail cleanly
 * instead; only those names stay unconverted.
 */
const STATIC_FFPROBE_ENV = { GCONV_PATH: path.join(path.sep, 'nonexistent', 'vitrine-gconv') };

function isBundledBuild(file: string, tool: Tool): boolean {
  try {
    return path.resolve(bundled(tool)) === path.resolve(file);
  } catch {
    return false;
  }
}

/** Runs `-version`: proves the binary starts here (right arch, executable bit) and names it. */
async function versionOf(file: string): Promise<string> {
  const { stdout } = await runBinary(file, ['-hide_banner', '-version'], {
    captureStdout: true,
    timeoutMs: VERSION_TIMEOUT_MS,
  });
  const match = /^\S+ version (\S+)/m.exec(stdout);
  return match?.[1] ?? stdout.split('\n', 1)[0]?.trim() ?? 'unknown';
}

async function locate(
  tool: Tool,
  explicit: string | undefined,
  searchPath: string | undefined,
): Promise<{ file: string; source: BinarySource; version: string }> {
  if (explicit) {
    try {
      return { file: explicit, source: 'env', version: await versionOf(explicit) };
    } catch (error) {
      const reason = error instanceof ProcessError ? error.message : String(error);
      throw new Error(`${tool.toUpperCase()}_PATH=${explicit} does not run: ${reason}`, {
        cause: error,
      });
    }
  }
  const onPath = onSearchPath(tool, searchPath);
  if (onPath) {
    try {
      return { file: onPath, source: 'path', version: await versionOf(onPath) };
    } catch {
      // A broken binary on PATH (wrong arch, missing libraries) is a reason to use the bundled one.
    }
  }
  const file = bundled(tool);
  return { file, source: 'bundled', version: await versionOf(file) };
}

const WARNED = Symbol.for('vitrine.media.bundledFfmpegWarned');
const MEMO = Symbol.for('vitrine.media.ffmpegBinaries');
// On globalThis: the start script and the Astro server bundle load this module separately.
const holder = globalThis as { [WARNED]?: boolean; [MEMO]?: Promise<FfmpegBinaries> };

function warnOncePerProcess(message: string): void {
  if (holder[WARNED]) return;
  holder[WARNED] = true;
  process.emitWarning(message, { code: 'VITRINE_BUNDLED_FFMPEG' });
}

/** Looks the binaries up every time it is called; most code wants `ffmpegBinaries()`. */
export async function findFfmpegBinaries(options: FindFfmpegOptions = {}): Promise<FfmpegBinaries> {
  const [ffmpeg, ffprobe] = await Promise.all([
    locate('ffmpeg', options.ffmpegPath, options.searchPath),
    locate('ffprobe', options.ffprobePath, options.searchPath),
  ]);
  if (ffmpeg.source === 'bundled') (options.warn ?? warnOncePerProcess)(BUNDLED_FFMPEG_WARNING);
  return {
    ffmpeg: ffmpeg.file,
    ffprobe: ffprobe.file,
    source: ffmpeg.source,
    ffprobeSource: ffprobe.source,
    version: ffmpeg.version,
    // A system ffprobe is not the bundled one: the optional package is not even loaded then.
    ffprobeEnv:
      ffprobe.source !== 'path' && isBundledBuild(ffprobe.file, 'ffprobe')
        ? { ...process.env, ...STATIC_FFPROBE_ENV }
        : undefined,
  };
}

/** The binaries for this process, from the configuration and PATH, found once. */
export function ffmpegBinaries(): Promise<FfmpegBinaries> {
  const memo = holder[MEMO];
  if (memo) return memo;
  const { FFMPEG_PATH, FFPROBE_PATH } = config();
  const found = findFfmpegBinaries({
    ffmpegPath: FFMPEG_PATH,
    ffprobePath: FFPROBE_PATH,
    searchPath: process.env['PATH'],
  });
  // A failed lookup is not cached: installing ffmpeg and retrying should work without a restart.
  found.catch(() => {
    if (holder[MEMO] === found) delete holder[MEMO];
  });
  holder[MEMO] = found;
  return found;
}
