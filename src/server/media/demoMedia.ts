/**
 * Media for the demo catalogue: a real clip per demo video (demoFootage.ts), stored as an
 * upload's ingest would store it (source, playable renditions, their HLS ladder, the
 * thumbnails), so the player, downloads and Range requests are exercised for real. Clips are
 * cached by content: seeding a fresh database again copies finished files instead of running ffmpeg.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { posterSeconds } from '../../lib/demoLook.ts';
import { THUMBNAIL_SIZES } from '../../lib/domain.ts';
import { config } from '../config.ts';
import { ffmpegCapabilities } from './capabilities.ts';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import {
  footageStyle,
  generateDemoFootage,
  STILL_FOOTAGE_AFTER_SECONDS,
  type FootageStyle,
} from './demoFootage.ts';
import { buildHlsLadder, HLS_MASTER, hlsContentType } from './hls.ts';
import { probeMedia } from './probe.ts';
import { assertStorageKey, type MediaStorage } from './storage.ts';
import { extractThumbnails, thumbnailFileName } from './thumbnails.ts';

export interface DemoVideoOptions {
  /** Storage prefix of the video, e.g. videoStorageKey(42) = "videos/42". */
  key: string;
  seed: number;
  durationSeconds: number;
  label?: string | undefined;
  storage: MediaStorage;
  /** Default defaultDemoCacheDir(). */
  cacheDir?: string | undefined;
  /** Size of the source; default 960x540. */
  width?: number | undefined;
  height?: number | undefined;
  /** Also an `hd` rendition of this height: a 1080p clip's 720p, a stock clip's 1080p sold beside its 4K source. */
  hdHeight?: number | undefined;
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
}

type DemoQuality = 'source' | 'hd' | 'sd' | 'hls';

interface DemoVideoFile {
  quality: DemoQuality;
  mime: 'video/mp4' | 'application/vnd.apple.mpegurl';
  width: number;
  height: number;
  size: number;
  storageKey: string;
}

interface DemoVideoPicture {
  width: number;
  height: number;
  storageKey: string;
}

export interface DemoVideo {
  files: DemoVideoFile[];
  pictures: DemoVideoPicture[];
  durationSeconds: number;
  width: number;
  height: number;
  /** True when the clip came from the cache rather than from ffmpeg. */
  cached: boolean;
}

/** Bump when the recipe below or the footage (demoFootage.ts, demoLook.ts) changes, so old cache entries stop matching. */
const RECIPE_VERSION = 4;
const SD_HEIGHT = 360;
/** Clips to make at once: ffmpeg's filters run on one core, so two keep both cores of a small machine busy. */
export const DEMO_RENDER_CONCURRENCY = 2;
/** The tallest source that is also an HLS rung (remuxed, not encoded); a 4K source is not. */
const SOURCE_RUNG_MAX_HEIGHT = 1080;
const MANIFEST = 'manifest.json';

/** What a cache entry holds, with file names relative to its folder. */
interface Manifest {
  durationSeconds: number;
  width: number;
  height: number;
  files: {
    quality: 'source' | 'hd' | 'sd';
    file: string;
    width: number;
    height: number;
    size: number;
  }[];
  pictures: { file: string; width: number; height: number; size: number }[];
  /** The HLS ladder, master playlist first, and the size of its tallest rung. */
  hls: { width: number; height: number; files: { file: string; size: number }[] };
}

const HLS_DIR = 'hls';

/** `${MEDIA_CACHE_DIR ?? DATA_DIR/cache}/demo-media`, absolute. */
function defaultDemoCacheDir(): string {
  const { MEDIA_CACHE_DIR, DATA_DIR } = config();
  return path.resolve(MEDIA_CACHE_DIR ?? path.join(DATA_DIR, 'cache'), 'demo-media');
}

async function readEntry(dir: string): Promise<Manifest | null> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return null;
  }
  // An entry whose files were pruned or damaged by hand is rebuilt, not served.
  for (const { file, size } of [...manifest.files, ...manifest.pictures, ...manifest.hls.files]) {
    const info = await stat(path.join(dir, file)).catch(() => null);
    if (!info || info.size !== size) return null;
  }
  return manifest;
}

interface Recipe {
  seed: number;
  durationSeconds: number;
  label: string;
  width: number;
  height: number;
  hdHeight: number | null;
}

interface Rendition {
  file: string;
  width: number;
  height: number;
}

/**
 * The ladder of every playable rendition and of a source short enough to stream, remuxed (no
 * re-encoding) into dir/hls, each rung named by its height as an upload's are.
 */
async function packageHls(
  dir: string,
  rungs: Rendition[],
  binaries: FfmpegBinaries,
  signal: AbortSignal | undefined,
): Promise<Manifest['hls']> {
  const byHeight = [...new Map(rungs.map((r) => [r.height, r])).values()].sort(
    (a, b) => a.height - b.height,
  );
  const out = path.join(dir, HLS_DIR);
  await mkdir(out, { recursive: true });
  const ladder = await buildHlsLadder(
    byHeight.map((r) => ({ path: path.join(dir, r.file), name: `${r.height}p` })),
    out,
    { binaries, signal },
  );
  const top = byHeight.at(-1)!;
  const files = await Promise.all(
    ladder.files.map(async (file) => ({
      file: `${HLS_DIR}/${file}`,
      size: (await stat(path.join(out, file))).size,
    })),
  );
  return { width: top.width, height: top.height, files };
}

type RenditionQuality = 'sd' | 'hd';

/**
 * The renditions encoded in the source's run. A real, smaller sd rather than a second copy:
 * downloads and quality menus then show two different files, as they will for uploads. But an
 * hour of still clip is mostly its audio track, so a smaller picture saves little: its sd is
 * the source's bytes, copied.
 */
function encodedRenditions(
  recipe: Recipe,
  style: FootageStyle,
): { quality: RenditionQuality; height: number }[] {
  const sd = style === 'motion' ? [{ quality: 'sd' as const, height: SD_HEIGHT }] : [];
  const hd = recipe.hdHeight === null ? [] : [{ quality: 'hd' as const, height: recipe.hdHeight }];
  return [...sd, ...hd];
}

/**
 * Where the poster's frame is taken: the tallest file of at most streaming height, since no
 * thumbnail is larger and a 4K frame costs four times the decoding; the tallest file when all are larger.
 */
function posterFile(files: readonly Rendition[]): Rendition {
  const streamed = files.filter((f) => f.height <= SOURCE_RUNG_MAX_HEIGHT);
  return (streamed.length > 0 ? streamed : files).reduce((a, b) => (b.height > a.height ? b : a));
}

async function build(
  dir: string,
  recipe: Recipe,
  binaries: FfmpegBinaries,
  signal: AbortSignal | undefined,
): Promise<Manifest> {
  const style = footageStyle(recipe.durationSeconds);
  const encoded = encodedRenditions(recipe, style);
  const source = await generateDemoFootage(path.join(dir, 'source.mp4'), {
    durationSeconds: recipe.durationSeconds,
    width: recipe.width,
    height: recipe.height,
    title: recipe.label || undefined,
    seed: recipe.seed,
    renditions: encoded.map((r) => ({
      path: path.join(dir, `${r.quality}.mp4`),
      height: r.height,
    })),
    binaries,
    signal,
  });
  if (style === 'still') await copyFile(source.path, path.join(dir, 'sd.mp4'));
  const probed = async <Q extends Manifest['files'][number]['quality']>(quality: Q) => {
    const file = `${quality}.mp4`;
    const info = await probeMedia(path.join(dir, file), { binaries, signal });
    return {
      quality,
      file,
      width: info.width,
      height: info.height,
      size: info.sizeBytes,
      durationSeconds: info.durationSeconds,
    };
  };
  const qualities: RenditionQuality[] = [
    'sd',
    ...(recipe.hdHeight === null ? [] : ['hd' as const]),
  ];
  const [sourceFile, renditions] = await Promise.all([
    probed('source'),
    Promise.all(qualities.map(probed)),
  ]);
  const files = [sourceFile, ...renditions];
  const durationSeconds = sourceFile.durationSeconds ?? recipe.durationSeconds;
  const thumbnails = await extractThumbnails(
    path.join(dir, posterFile(files).file),
    path.join(dir, 'pictures'),
    {
      atSeconds: posterSeconds(durationSeconds),
      sizes: THUMBNAIL_SIZES,
      binaries,
      signal,
    },
  );
  const sizeOf = async (file: string): Promise<number> => (await stat(file)).size;
  const tallest = Math.max(...renditions.map((r) => r.height));
  const { width, height } = sourceFile;
  const sourceRung =
    style === 'motion' && height > tallest && height <= SOURCE_RUNG_MAX_HEIGHT ? [sourceFile] : [];
  return {
    durationSeconds,
    width,
    height,
    files: files.map(({ quality, file, width, height, size }) => ({
      quality,
      file,
      width,
      height,
      size,
    })),
    pictures: await Promise.all(
      thumbnails.map(async (t) => ({
        file: `pictures/${thumbnailFileName(t)}`,
        width: t.width,
        height: t.height,
        size: await sizeOf(t.path),
      })),
    ),
    hls: await packageHls(dir, [...renditions, ...sourceRung], binaries, signal),
  };
}

/** Same clips from the same inputs and the same ffmpeg: the hash of those names the entry. */
function cacheKey(recipe: Recipe, binaries: FfmpegBinaries, drawtext: boolean): string {
  const inputs = {
    recipe: RECIPE_VERSION,
    ...recipe,
    sdHeight: SD_HEIGHT,
    sourceRungMax: SOURCE_RUNG_MAX_HEIGHT,
    stillAfter: STILL_FOOTAGE_AFTER_SECONDS,
    ffmpeg: binaries.version,
    drawtext,
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
}

/** Builds running in this process, so parallel seeding of one clip runs ffmpeg once. */
const building = new Map<string, Promise<Manifest>>();

/** A new cache entry: encoded, laddered, then renamed into place as a whole. */
async function buildEntry(
  cacheDir: string,
  hash: string,
  recipe: Recipe,
  binaries: FfmpegBinaries,
  signal: AbortSignal | undefined,
): Promise<Manifest> {
  const dir = path.join(cacheDir, hash);
  // Built in a scratch folder and renamed into place: an interrupted seed leaves no entry
  // that looks complete, and another process building the same clip cannot interleave.
  const scratch = path.join(cacheDir, `.build-${hash}-${randomBytes(4).toString('hex')}`);
  await mkdir(scratch, { recursive: true });
  try {
    const manifest = await build(scratch, recipe, binaries, signal);
    await writeFile(path.join(scratch, MANIFEST), JSON.stringify(manifest, null, 2));
    const theirs = await readEntry(dir);
    if (theirs) return theirs;
    // Whatever is left there is an incomplete entry.
    await rm(dir, { recursive: true, force: true });
    try {
      await rename(scratch, dir);
    } catch (error) {
      // Another process finished first; its entry is as good as ours.
      const raced = await readEntry(dir);
      if (!raced) throw error;
      return raced;
    }
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function cachedOrBuilt(
  cacheDir: string,
  hash: string,
  recipe: Recipe,
  binaries: FfmpegBinaries,
  signal: AbortSignal | undefined,
): Promise<{ dir: string; manifest: Manifest; cached: boolean }> {
  const dir = path.join(cacheDir, hash);
  const hit = await readEntry(dir);
  if (hit) return { dir, manifest: hit, cached: true };

  let pending = building.get(hash);
  if (!pending) {
    pending = buildEntry(cacheDir, hash, recipe, binaries, signal);
    building.set(hash, pending);
    pending.then(
      () => building.delete(hash),
      () => building.delete(hash),
    );
  }
  return { dir, manifest: await pending, cached: false };
}

export async function produceDemoVideo(options: DemoVideoOptions): Promise<DemoVideo> {
  assertStorageKey(options.key);
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const { drawtext } = await ffmpegCapabilities(binaries.ffmpeg);
  const recipe: Recipe = {
    seed: options.seed,
    durationSeconds: options.durationSeconds,
    label: options.label ?? '',
    width: options.width ?? 960,
    height: options.height ?? 540,
    hdHeight: options.hdHeight ?? null,
  };
  const cacheDir = path.resolve(options.cacheDir ?? defaultDemoCacheDir());
  const hash = cacheKey(recipe, binaries, drawtext);
  const { dir, manifest, cached } = await cachedOrBuilt(
    cacheDir,
    hash,
    recipe,
    binaries,
    options.signal,
  );

  // sd gets its own object even when its bytes equal the source's: sources are archived
  // after 30 unaccessed days (SPEC §9) while the playable rendition must stay hot.
  const files = await Promise.all(
    manifest.files.map(async (f): Promise<DemoVideoFile> => {
      const storageKey = `${options.key}/${f.quality}.mp4`;
      const stored = await options.storage.put(storageKey, path.join(dir, f.file), {
        contentType: 'video/mp4',
      });
      return {
        quality: f.quality,
        mime: 'video/mp4',
        width: f.width,
        height: f.height,
        size: stored.size,
        storageKey,
      };
    }),
  );
  let hlsSize = 0;
  for (const { file } of manifest.hls.files) {
    hlsSize += (
      await options.storage.put(`${options.key}/${file}`, path.join(dir, file), {
        contentType: hlsContentType(file),
      })
    ).size;
  }
  const { width, height } = manifest.hls;
  files.push({
    quality: 'hls',
    mime: 'application/vnd.apple.mpegurl',
    width,
    height,
    size: hlsSize,
    storageKey: `${options.key}/${HLS_DIR}/${HLS_MASTER}`,
  });
  const pictures = await Promise.all(
    manifest.pictures.map(async (p): Promise<DemoVideoPicture> => {
      const storageKey = `${options.key}/pictures/${p.width}x${p.height}.jpg`;
      await options.storage.put(storageKey, path.join(dir, p.file), { contentType: 'image/jpeg' });
      return { width: p.width, height: p.height, storageKey };
    }),
  );
  return {
    files,
    pictures,
    durationSeconds: manifest.durationSeconds,
    width: manifest.width,
    height: manifest.height,
    cached,
  };
}
