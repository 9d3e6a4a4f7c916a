/**
 * The HLS ladder of a video: each MP4 rendition remuxed (no re-encoding: -c copy) into 4-second
 * MPEG-TS segments and a VOD media playlist, and a master playlist listing every variant with
 * its peak bandwidth, resolution and codecs. Renditions are made with a keyframe every 2 s
 * (renditions.ts), so segments cut cleanly.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AAC_LC_CODEC,
  avcCodecString,
  masterPlaylist,
  mediaPlaylistSegments,
  segmentBitRates,
  type HlsVariant,
} from '../../lib/hlsPlaylist.ts';
import { ffmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';
import { MediaError } from './mediaError.ts';
import { runFfprobe } from './probe.ts';
import { ProcessError, runBinary } from './run.ts';

const HLS_SEGMENT_SECONDS = 4;
export const HLS_MASTER = 'master.m3u8';

export interface HlsOptions {
  binaries?: FfmpegBinaries | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface HlsLadder {
  /** Absolute path of the master playlist; every other file lies beside it. */
  masterPath: string;
  /** Every file of the ladder relative to its folder, master playlist included. */
  files: string[];
  variants: HlsVariant[];
}

interface StreamCodecs {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    level?: number;
    width?: number;
    height?: number;
  }[];
}

/** RFC 6381 codecs of an MP4 rendition, for the CODECS attribute. */
async function codecsOf(
  file: string,
  binaries: FfmpegBinaries,
  options: HlsOptions,
): Promise<{ codecs: string; width: number; height: number }> {
  const { stdout } = await runFfprobe(
    binaries,
    [
      '-hide_banner',
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'stream=codec_type,codec_name,profile,level,width,height',
      '-i',
      `file:${file}`,
    ],
    { signal: options.signal, timeoutMs: 30_000 },
  );
  const streams = (JSON.parse(stdout) as StreamCodecs).streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const avc = video?.codec_name === 'h264' ? avcCodecString(video.profile, video.level) : null;
  if (!video || !avc)
    throw new MediaError('processing-failed', { cause: new Error(`${file} is not H.264 video`) });
  const codecs = audio?.codec_name === 'aac' ? `${avc},${AAC_LC_CODEC}` : avc;
  return { codecs, width: video.width ?? 0, height: video.height ?? 0 };
}

/** One variant: `${name}.m3u8` and `${name}_000.ts`… in outDir, from an H.264/AAC MP4. */
async function remuxVariant(
  mp4Path: string,
  outDir: string,
  name: string,
  binaries: FfmpegBinaries,
  options: HlsOptions,
): Promise<{ variant: HlsVariant; files: string[] }> {
  const playlist = path.join(outDir, `${name}.m3u8`);
  try {
    await runBinary(
      binaries.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-protocol_whitelist',
        'file',
        '-i',
        `file:${path.resolve(mp4Path)}`,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        String(HLS_SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(outDir, `${name}_%03d.ts`),
        playlist,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs },
    );
  } catch (error) {
    if (error instanceof ProcessError && error.failure === 'exit')
      throw new MediaError('processing-failed', { cause: error });
    if (error instanceof ProcessError && error.failure === 'timeout')
      throw new MediaError('timeout', { cause: error });
    throw error;
  }
  const segments = mediaPlaylistSegments(await readFile(playlist, 'utf8'));
  const sized = await Promise.all(
    segments.map(async (s) => ({ ...s, sizeBytes: (await stat(path.join(outDir, s.uri))).size })),
  );
  const { peak, average } = segmentBitRates(sized);
  const { codecs, width, height } = await codecsOf(mp4Path, binaries, options);
  return {
    variant: {
      uri: `${name}.m3u8`,
      bandwidth: peak,
      averageBandwidth: average,
      width,
      height,
      codecs,
    },
    files: [`${name}.m3u8`, ...segments.map((s) => s.uri)],
  };
}

/**
 * Remuxes every rendition (named e.g. "540p") into outDir and writes master.m3u8 there.
 * The folder should be empty: everything in `files` is meant to be stored.
 */
export async function buildHlsLadder(
  renditions: readonly { path: string; name: string }[],
  outDir: string,
  options: HlsOptions = {},
): Promise<HlsLadder> {
  const binaries = options.binaries ?? (await ffmpegBinaries());
  const variants: HlsVariant[] = [];
  const files: string[] = [];
  // One at a time: remuxing is disk-bound, and a parallel run only contends.
  for (const rendition of renditions) {
    const made = await remuxVariant(rendition.path, outDir, rendition.name, binaries, options);
    variants.push(made.variant);
    files.push(...made.files);
  }
  const masterPath = path.join(outDir, HLS_MASTER);
  await writeFile(masterPath, masterPlaylist(variants));
  return { masterPath, files: [HLS_MASTER, ...files], variants };
}

export function hlsContentType(file: string): string {
  return file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
}
