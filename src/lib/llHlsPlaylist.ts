/**
 * Low-latency HLS (RFC 8216bis): a live media playlist of full segments, each also cut into
 * parts of about a third of a second (#EXT-X-PART) a player can fetch as soon as they exist,
 * the next part announced before it does (#EXT-X-PRELOAD-HINT), and blocking reloads: a
 * player asks for the playlist that holds a given part (_HLS_msn, _HLS_part) and the server
 * answers once it does. Players without low-latency support read the same playlist and fetch
 * its full segments. The live packager keeps a LivePartTimeline per rung
 * (src/server/live/lowLatencyRung.ts); the media delivery holds blocking reloads
 * (src/server/delivery/blockingReload.ts).
 */

interface LivePart {
  uri: string;
  /** Seconds. */
  duration: number;
  /** Opens on a key frame: a player can start from it. */
  independent: boolean;
}

export interface LiveSegment {
  msn: number;
  uri: string;
  /** Seconds: the sum of its parts'. */
  duration: number;
  /** Wall clock of its first frame, Unix ms (#EXT-X-PROGRAM-DATE-TIME). */
  startedAt: number;
  parts: LivePart[];
  /** All its parts are out and the segment is stored whole. */
  complete: boolean;
}

export interface LivePlaylistSettings {
  /** Whole seconds no segment exceeds. */
  targetDuration: number;
  /** Seconds no part exceeds. */
  partTarget: number;
  /** Full segments a playlist lists behind the one being cut. */
  windowSegments: number;
  /** Full segments, counted from the newest, whose parts are still listed. */
  partedSegments: number;
  initUri: string;
}

const segmentUri = (msn: number) => `seg${msn}.m4s`;
const partUri = (index: number) => `part${index}.m4s`;

/** What adding a fragment did: where its bytes go, and the segment it closed, if any. */
export interface PartAdded {
  part: LivePart;
  /** The segment the part belongs to. */
  msn: number;
  /** The segment this part's key frame closed: store it whole before the playlist names it. */
  closed: LiveSegment | null;
}

/**
 * One rung's live timeline: parts (fragments of the packager's fMP4) in order, grouped into
 * segments that each open on a key frame, and the rolling window a playlist lists.
 */
export class LivePartTimeline {
  private readonly segments: LiveSegment[] = [];
  private nextMsn = 0;
  private nextPart = 0;
  private ended = false;
  /** Segments and parts that left the playlist: the packager deletes them after a grace. */
  private readonly left: string[] = [];
  private readonly settings: LivePlaylistSettings;

  constructor(settings: LivePlaylistSettings) {
    this.settings = settings;
  }

  add(fragment: { duration: number; independent: boolean }, wallClockMs: number): PartAdded {
    const open = this.segments.at(-1);
    let closed: LiveSegment | null = null;
    let segment = open && !open.complete ? open : null;
    if (segment && fragment.independent && segment.parts.length > 0) {
      segment.complete = true;
      closed = segment;
      segment = null;
    }
    if (!segment) {
      segment = {
        msn: this.nextMsn,
        uri: segmentUri(this.nextMsn),
        duration: 0,
        startedAt: wallClockMs,
        parts: [],
        complete: false,
      };
      this.nextMsn += 1;
      this.segments.push(segment);
      this.trim();
    }
    const part: LivePart = {
      uri: partUri(this.nextPart),
      duration: fragment.duration,
      independent: fragment.independent,
    };
    this.nextPart += 1;
    segment.parts.push(part);
    segment.duration += part.duration;
    return { part, msn: segment.msn, closed };
  }

  /** The stream ended: the open segment closes, and the playlist gets #EXT-X-ENDLIST. */
  end(): LiveSegment | null {
    this.ended = true;
    const open = this.segments.at(-1);
    if (!open || open.complete) return null;
    open.complete = true;
    return open;
  }

  /** Names that left the playlist since the last call. */
  takeLeft(): string[] {
    return this.left.splice(0);
  }

  private trim(): void {
    const { windowSegments, partedSegments } = this.settings;
    while (this.segments.length > windowSegments + 1) {
      const gone = this.segments.shift()!;
      this.left.push(gone.uri);
    }
    const unparted = this.segments.length - 1 - partedSegments;
    for (const segment of this.segments.slice(0, Math.max(0, unparted))) {
      this.left.push(...segment.parts.map((part) => part.uri));
      segment.parts = [];
    }
  }

  playlist(): string {
    return livePlaylist(this.segments, this.settings, {
      ended: this.ended,
      nextPartUri: partUri(this.nextPart),
    });
  }
}

const seconds = (value: number) => value.toFixed(5).replace(/\.?0+$/, '');

/** PART-HOLD-BACK: three parts behind the edge, as RFC 8216bis recommends. */
function partHoldBack(partTarget: number): number {
  return 3 * partTarget;
}

/** The media playlist text of a window of segments, the last one possibly still being cut. */
function livePlaylist(
  segments: readonly LiveSegment[],
  settings: LivePlaylistSettings,
  { ended, nextPartUri }: { ended: boolean; nextPartUri: string },
): string {
  const { partTarget, initUri } = settings;
  const longest = Math.max(0, ...segments.map((segment) => segment.duration));
  const targetDuration = Math.max(settings.targetDuration, Math.round(longest));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${seconds(partHoldBack(partTarget))}`,
    `#EXT-X-PART-INF:PART-TARGET=${seconds(partTarget)}`,
    `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.msn ?? 0}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${initUri}"`,
  ];
  for (const segment of segments) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startedAt).toISOString()}`);
    for (const part of segment.parts) {
      const independent = part.independent ? ',INDEPENDENT=YES' : '';
      lines.push(`#EXT-X-PART:DURATION=${seconds(part.duration)},URI="${part.uri}"${independent}`);
    }
    if (segment.complete) lines.push(`#EXTINF:${seconds(segment.duration)},`, segment.uri);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  else lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${nextPartUri}"`);
  return `${lines.join('\n')}\n`;
}

/** How far a stored live playlist has got. */
export interface PlaylistEdge {
  /** Media sequence number of the last full segment; -1 before the first. */
  lastSegment: number;
  /** The newest part listed, by its segment's MSN and its index in it; null when none is. */
  lastPart: { msn: number; index: number } | null;
  ended: boolean;
  /** Seconds; 0 for a playlist without parts. */
  partTarget: number;
  targetDuration: number;
}

/** Reads the edge of a media playlist; null when the text is not a whole playlist. */
export function playlistEdge(text: string): PlaylistEdge | null {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return null;
  let msn = 0;
  let partIndex = 0;
  let lastPart: PlaylistEdge['lastPart'] = null;
  let ended = false;
  let partTarget = 0;
  let targetDuration = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) msn = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-PART-INF:'))
      partTarget = Number(/PART-TARGET=([\d.]+)/.exec(line)?.[1] ?? 0);
    else if (line.startsWith('#EXT-X-PART:')) {
      lastPart = { msn, index: partIndex };
      partIndex += 1;
    } else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line !== '' && !line.startsWith('#')) {
      msn += 1;
      partIndex = 0;
    }
  }
  return { lastSegment: msn - 1, lastPart, ended, partTarget, targetDuration };
}

/** A blocking reload's delivery directives (_HLS_msn, _HLS_part). */
export interface BlockingRequest {
  msn: number;
  part: number | null;
}

/** The directives of a playlist request: null for a plain reload, 'invalid' for nonsense. */
export function blockingRequest(query: URLSearchParams): BlockingRequest | null | 'invalid' {
  const msn = query.get('_HLS_msn');
  const part = query.get('_HLS_part');
  if (msn === null) return part === null ? null : 'invalid';
  if (!/^\d{1,15}$/.test(msn) || (part !== null && !/^\d{1,9}$/.test(part))) return 'invalid';
  return { msn: Number(msn), part: part === null ? null : Number(part) };
}

/**
 * Whether a playlist answers a blocking reload: 'ready' once it holds the part (or, without
 * _HLS_part, the whole segment) or anything after, or has ended; 'too-far' for a request
 * beyond what the next few seconds can bring (more than two segments, or more parts than
 * three seconds' worth, past the edge), answered at once with 400 as RFC 8216bis says;
 * 'hold' otherwise.
 */
export function reloadVerdict(
  edge: PlaylistEdge,
  request: BlockingRequest,
): 'ready' | 'hold' | 'too-far' {
  if (edge.ended) return 'ready';
  const newestMsn = Math.max(edge.lastSegment, edge.lastPart?.msn ?? -1);
  if (request.msn > newestMsn + 2) return 'too-far';
  if (request.part === null || edge.lastPart === null) {
    if (edge.lastSegment >= request.msn) return 'ready';
    return 'hold';
  }
  const { msn, index } = edge.lastPart;
  if (msn > request.msn || (msn === request.msn && index >= request.part)) return 'ready';
  const partsPerSegment = Math.ceil(edge.targetDuration / edge.partTarget);
  const ahead = (request.msn - msn) * partsPerSegment + request.part - index;
  return ahead > advancePartLimit(edge.partTarget) ? 'too-far' : 'hold';
}

/** RFC 8216bis Advance Part Limit: three seconds of parts (three parts, for parts of a second or more). */
function advancePartLimit(partTarget: number): number {
  return partTarget < 1 ? 3 / partTarget : 3;
}
