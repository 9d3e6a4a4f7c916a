/**
 * HLS playlists (RFC 8216): the master playlist that lists one variant per MP4 rendition, the
 * RFC 6381 codec strings it needs, and the peak bit rate of a variant from its segments.
 */

export interface HlsVariant {
  /** Relative to the master playlist, e.g. "1080p.m3u8". */
  uri: string;
  /** Peak bits per second over any segment (EXT-X-STREAM-INF BANDWIDTH). */
  bandwidth: number;
  averageBandwidth?: number | undefined;
  width: number;
  height: number;
  /** e.g. "avc1.640028,mp4a.40.2". */
  codecs: string;
}

/** Variants from the cheapest, so players that pick the first entry start fast. */
export function masterPlaylist(variants: readonly HlsVariant[]): string {
  if (variants.length === 0) throw new RangeError('a master playlist needs at least one variant');
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${Math.ceil(v.bandwidth)}`,
      ...(v.averageBandwidth ? [`AVERAGE-BANDWIDTH=${Math.ceil(v.averageBandwidth)}`] : []),
      `RESOLUTION=${v.width}x${v.height}`,
      `CODECS="${v.codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}

const AVC_PROFILES: Record<string, string> = {
  // profile_idc and the constraint-flag byte of RFC 6381's avc1.PPCCLL.
  'constrained baseline': '42e0',
  baseline: '4200',
  main: '4d40',
  extended: '58a0',
  high: '6400',
  'high 10': '6e00',
  'high 4:2:2': '7a00',
  'high 4:4:4 predictive': 'f400',
};

/** ffprobe's profile name and level (e.g. "High", 40) → "avc1.640028"; null when unknown. */
export function avcCodecString(
  profile: string | undefined,
  level: number | undefined,
): string | null {
  const prefix = AVC_PROFILES[(profile ?? '').toLowerCase()];
  if (!prefix || !level || !Number.isInteger(level) || level <= 0 || level > 255) return null;
  return `avc1.${prefix}${level.toString(16).padStart(2, '0')}`;
}

/** AAC-LC, the audio every rendition is made with. */
export const AAC_LC_CODEC = 'mp4a.40.2';

export interface SegmentEntry {
  uri: string;
  durationSeconds: number;
}

/** The segments of a media playlist, with their #EXTINF durations. */
export function mediaPlaylistSegments(playlist: string): SegmentEntry[] {
  const segments: SegmentEntry[] = [];
  let pending: number | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, durationSeconds: pending });
      pending = null;
    }
  }
  return segments;
}

/** Peak and average bits per second of segments of the given sizes (bytes) and durations. */
export function segmentBitRates(
  segments: readonly { sizeBytes: number; durationSeconds: number }[],
): { peak: number; average: number } {
  const timed = segments.filter((s) => s.durationSeconds > 0);
  if (timed.length === 0) return { peak: 0, average: 0 };
  const peak = Math.max(...timed.map((s) => (s.sizeBytes * 8) / s.durationSeconds));
  const bytes = timed.reduce((sum, s) => sum + s.sizeBytes, 0);
  const seconds = timed.reduce((sum, s) => sum + s.durationSeconds, 0);
  return { peak, average: (bytes * 8) / seconds };
}
