/**
 * The one ffmpeg that packages a live stream: FLV from the encoder on stdin; out, one
 * fragmented MP4 per rung of the ladder on a pipe of its own (a fragment about every third of a
 * second and at every key frame, and a key frame every segment, so every rung cuts alike and
 * players switch cleanly), which the server cuts into low-latency HLS parts and segments
 * (lowLatencyRung.ts), and a copy of the source cut into MPEG-TS pieces, the recording the
 * replay is made from. The master playlist is written by us (masterPlaylist), since we know
 * every rung before ffmpeg starts. A still of the picture is renewed as the poster.
 */
import type { LiveLadder } from '../../lib/liveLadder.ts';

export const LIVE_SEGMENT_SECONDS = 2;
/**
 * ffmpeg closes a fragment once it spans this long, so a part lasts this plus at most a frame:
 * at most LIVE_PART_TARGET at 10 fps and more.
 */
const LIVE_FRAGMENT_SECONDS = 0.3;
export const LIVE_PART_TARGET = 0.4;
/** Segments a live playlist lists: a rolling window of a few seconds' rewind. */
export const LIVE_WINDOW_SEGMENTS = 6;
export const RECORDING_SEGMENT_SECONDS = 6;
export const RECORDING_DIR = 'recording';
export const RECORDING_LIST = 'recording.csv';
export const LIVE_MASTER = 'master.m3u8';
export const RUNG_PLAYLIST = 'index.m3u8';
export const RUNG_INIT = 'init.mp4';

/** The file descriptor of the pipe rung `index` comes out on (0–2 are stdin, stdout, stderr). */
export function rungPipe(index: number): number {
  return 3 + index;
}
/** A still of the stream, renewed every few seconds: the picture of an event on the air. */
export const LIVE_POSTER = 'poster.jpg';
export const LIVE_POSTER_SIZE = { width: 640, height: 360 };
const POSTER_EVERY_SECONDS = 10;
const POSTER_SAMPLE_FRAMES = 25;
const AUDIO_KBPS = 128;

/** `record`: also keep the source, for the replay (the event saves replays). */
export function packagerArgs(
  ladder: LiveLadder,
  outDir: string,
  { hasAudio, record }: { hasAudio: boolean; record: boolean },
): string[] {
  const { rungs, fps } = ladder;
  const scaled = rungs.map((_, i) => `[v${i}]`).join('');
  const split = `[0:v]${fps ? `fps=${fps},` : ''}split=${rungs.length + 1}${scaled}[still]`;
  const scales = rungs.map((rung, i) => `[v${i}]scale=-2:${rung.height}[out${i}]`);
  const { width, height } = LIVE_POSTER_SIZE;
  // One frame a second reaches the scaler; the output rate keeps one per period, the first at once.
  const poster =
    `[still]select='not(mod(n\\,${POSTER_SAMPLE_FRAMES}))',` +
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2[poster]`;
  const args = [
    '-hide_banner',
    '-loglevel',
    'warning',
    '-nostats',
    '-progress',
    'pipe:1',
    '-f',
    'flv',
    '-i',
    'pipe:0',
    '-filter_complex',
    [split, ...scales, poster].join(';'),
  ];
  rungs.forEach((rung, i) => {
    args.push('-map', `[out${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${rung.videoKbps}k`,
      '-maxrate',
      `${Math.round(rung.videoKbps * 1.1)}k`,
      '-bufsize',
      `${rung.videoKbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
    );
    if (hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
    args.push(
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov+default_base_moof',
      '-frag_duration',
      String(Math.round(LIVE_FRAGMENT_SECONDS * 1_000_000)),
      '-flush_packets',
      '1',
      `pipe:${rungPipe(i)}`,
    );
  });
  args.push(
    '-map',
    '[poster]',
    '-r',
    String(1 / POSTER_EVERY_SECONDS),
    '-q:v',
    '5',
    '-f',
    'image2',
    '-update',
    '1',
    `${outDir}/${LIVE_POSTER}`,
  );
  if (!record) return args;
  args.push('-map', '0:v:0');
  if (hasAudio) args.push('-map', '0:a:0');
  args.push(
    '-c',
    'copy',
    '-f',
    'segment',
    '-segment_time',
    String(RECORDING_SEGMENT_SECONDS),
    '-segment_format',
    'mpegts',
    '-segment_list',
    `${outDir}/${RECORDING_LIST}`,
    '-segment_list_type',
    'csv',
    '-reset_timestamps',
    '0',
    `${outDir}/${RECORDING_DIR}/%06d.ts`,
  );
  return args;
}

/** The master playlist naming every rung, written once the first segments exist. */
export function masterPlaylist(
  ladder: LiveLadder,
  source: { width: number; height: number },
  { hasAudio }: { hasAudio: boolean },
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of ladder.rungs) {
    const width =
      source.height > 0
        ? Math.max(2, Math.round((source.width * rung.height) / source.height / 2) * 2)
        : Math.round((rung.height * 16) / 9 / 2) * 2;
    const bandwidth = (rung.videoKbps * 1.1 + (hasAudio ? AUDIO_KBPS : 0)) * 1000;
    const codecs = hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(bandwidth)},RESOLUTION=${width}x${rung.height},CODECS="${codecs}"`,
      `${rung.name}/${RUNG_PLAYLIST}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
