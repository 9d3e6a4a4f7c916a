/**
 * How plays are counted (docs/analytics.md): the player frame's beacons, read here, add to
 * daily counters held in memory and written in one batch every few seconds. Nothing that
 * tells viewers apart is kept: a play is told from a repeat of the same viewer's play by a
 * key the server derives from a salt of the day, and that key lives only in memory until the
 * day ends; a live viewer is a random number its tab keeps, forgotten 40 seconds after its
 * last ping.
 */

/** Where the player frame sends its beacons (src/player/playBeacons.ts). */
export const BEACON_PATH = '/api/beacon';
/** The parts of a video's duration its retention curve has. */
export const RETENTION_BUCKETS = 20;
/** How often a playing live frame says it is still there. */
export const LIVE_PING_MS = 15_000;
/** A live viewer not heard from for this long has left: two pings missed, and some slack. */
export const LIVE_GONE_MS = 40_000;
/** A beacon longer than this is not one of ours. */
export const BEACON_MAX_BYTES = 1024;
/** The most seconds of watching one beacon may report: the frame reports at least this often. */
const BEACON_MAX_SECONDS = 600;

type BeaconKind = 'play' | 'progress' | 'finish' | 'live';

/** A beacon as the frame sends it, field names kept short to keep it small. */
export interface BeaconWire {
  /** kind */
  k: BeaconKind;
  /** showcase id */
  a: number;
  /** video id */
  v: number;
  /** seconds watched since the last beacon */
  s?: number;
  /** retention buckets first reached in this play since the last beacon */
  b?: number[];
  /** the host of the page framing the player */
  r?: string;
  /** a live viewer's random number, kept by its tab across a reload */
  i?: string;
}

export interface Beacon {
  kind: BeaconKind;
  showcaseId: number;
  videoId: number;
  seconds: number;
  buckets: number[];
  /** Host name only, lower case; null when none or not a host. */
  referrer: string | null;
  liveViewer: string | null;
}

const KINDS: readonly BeaconKind[] = ['play', 'progress', 'finish', 'live'];
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;
const LIVE_VIEWER = /^[0-9a-f-]{8,40}$/;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A beacon's text read, or null when it is not one the frame sends. */
export function parseBeacon(text: string): Beacon | null {
  if (text.length > BEACON_MAX_BYTES) return null;
  let wire: Partial<BeaconWire>;
  try {
    wire = JSON.parse(text) as Partial<BeaconWire>;
  } catch {
    return null;
  }
  if (typeof wire !== 'object' || wire === null) return null;
  if (!KINDS.includes(wire.k as BeaconKind) || !isId(wire.a) || !isId(wire.v)) return null;
  const seconds =
    typeof wire.s === 'number' && Number.isFinite(wire.s)
      ? Math.min(Math.max(Math.round(wire.s), 0), BEACON_MAX_SECONDS)
      : 0;
  const buckets = Array.isArray(wire.b)
    ? [
        ...new Set(
          wire.b.filter((b): b is number => Number.isInteger(b) && b >= 0 && b < RETENTION_BUCKETS),
        ),
      ]
    : [];
  return {
    kind: wire.k as BeaconKind,
    showcaseId: wire.a,
    videoId: wire.v,
    seconds,
    buckets,
    referrer: siteOf(wire.r),
    liveViewer: typeof wire.i === 'string' && LIVE_VIEWER.test(wire.i) ? wire.i : null,
  };
}

/** The host of a referrer (a host or an address), or null: only the site is ever kept. */
export function siteOf(referrer: unknown): string | null {
  if (typeof referrer !== 'string' || referrer === '') return null;
  let host = referrer.toLowerCase();
  if (host.includes('/')) {
    try {
      host = new URL(host).host;
    } catch {
      return null;
    }
  }
  return HOST.test(host) && host.length <= 253 ? host : null;
}

/**
 * Do Not Track (`DNT: 1`) and Global Privacy Control (`Sec-GPC: 1`): a viewer who sends
 * either is not counted at all.
 */
export function declinesCounting(header: (name: string) => string | undefined): boolean {
  return header('dnt') === '1' || header('sec-gpc') === '1';
}

/** The UTC day of a moment, `YYYY-MM-DD`: the day a counter row is for. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The retention bucket a moment of the video falls in, or null outside it. */
export function bucketOf(seconds: number, duration: number): number | null {
  if (!(duration > 0) || !(seconds >= 0) || seconds > duration) return null;
  return Math.min(Math.floor((seconds / duration) * RETENTION_BUCKETS), RETENTION_BUCKETS - 1);
}

/** Every bucket from one moment to a later one of continuous play, both ends included. */
export function bucketsBetween(from: number, to: number, duration: number): number[] {
  const first = bucketOf(Math.min(from, to), duration);
  const last = bucketOf(Math.max(from, to), duration);
  if (first === null || last === null) return [];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * Whether a key was seen already this day: the first play of a viewer's key counts, its
 * repeats that day do not. Every key is forgotten when the day changes, and all at once past
 * `limit` keys, so memory stays bounded (a repeat may then count again).
 */
export function createDedup(limit = 200_000) {
  let day = '';
  const seen = new Set<string>();
  return {
    /** true the first time `key` comes on `today`. */
    first(today: string, key: string): boolean {
      if (today !== day || seen.size >= limit) {
        seen.clear();
        day = today;
      }
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}

/** One video's counters of one day. */
export interface VideoDay {
  videoId: number;
  day: string;
  plays: number;
  finishes: number;
  watchSeconds: number;
  /** Viewers who reached each bucket, RETENTION_BUCKETS long. */
  retention: number[];
  /** The most live viewers at once, 0 when it was not live. */
  livePeak: number;
}

export interface ShowcaseDay {
  showcaseId: number;
  day: string;
  visits: number;
  plays: number;
}

export const SOURCE_KINDS = ['referrer', 'country'] as const;
type SourceKind = (typeof SOURCE_KINDS)[number];

/** Plays (of a video) or visits (of a showcase) by referring site or by country. */
export interface SourceDay {
  subject: 'video' | 'showcase';
  id: number;
  day: string;
  kind: SourceKind;
  value: string;
  count: number;
}

/** What one flush writes. */
export interface TallyBatch {
  videos: VideoDay[];
  showcases: ShowcaseDay[];
  sources: SourceDay[];
}

/** What the server knows of a beacon's request beside the beacon. */
export interface BeaconContext {
  day: string;
  /**
   * Whether this is the viewer's first play (or finish) of the video today (createDedup): a
   * viewer counts one play and one finish a day, however often they watch.
   */
  firstToday: boolean;
  /** The trusted region header's country, or null. */
  country: string | null;
  /** The site's own host: a referrer from it is no referrer. */
  ownHost: string;
  now: number;
}

export interface VisitContext {
  day: string;
  firstVisit: boolean;
  country: string | null;
  referrer: string | null;
  ownHost: string;
}

/**
 * The counters of the beacons since the last flush. `drain` hands them over and starts
 * afresh, so a flush writes each beacon's count once.
 */
export function createTally() {
  let videos = new Map<string, VideoDay>();
  let showcases = new Map<string, ShowcaseDay>();
  let sources = new Map<string, SourceDay>();
  /** Live viewers by video: viewer → last ping. Kept across flushes, not written. */
  const live = new Map<number, Map<string, number>>();

  const videoDay = (videoId: number, day: string): VideoDay => {
    const key = `${videoId}|${day}`;
    let row = videos.get(key);
    if (!row) {
      row = {
        videoId,
        day,
        plays: 0,
        finishes: 0,
        watchSeconds: 0,
        retention: Array.from({ length: RETENTION_BUCKETS }, () => 0),
        livePeak: 0,
      };
      videos.set(key, row);
    }
    return row;
  };
  const showcaseDay = (showcaseId: number, day: string): ShowcaseDay => {
    const key = `${showcaseId}|${day}`;
    let row = showcases.get(key);
    if (!row) {
      row = { showcaseId, day, visits: 0, plays: 0 };
      showcases.set(key, row);
    }
    return row;
  };
  const addSource = (source: Omit<SourceDay, 'count'>) => {
    const key = `${source.subject}|${source.id}|${source.day}|${source.kind}|${source.value}`;
    const row = sources.get(key);
    if (row) row.count += 1;
    else sources.set(key, { ...source, count: 1 });
  };
  const addOrigins = (
    subject: SourceDay['subject'],
    id: number,
    day: string,
    referrer: string | null,
    country: string | null,
    ownHost: string,
  ) => {
    if (referrer !== null && referrer !== ownHost)
      addSource({ subject, id, day, kind: 'referrer', value: referrer });
    if (country !== null) addSource({ subject, id, day, kind: 'country', value: country });
  };

  /** Live viewers of a video heard from recently, the departed forgotten. */
  const liveNow = (videoId: number, now: number): number => {
    const viewers = live.get(videoId);
    if (!viewers) return 0;
    for (const [viewer, at] of viewers) if (now - at > LIVE_GONE_MS) viewers.delete(viewer);
    if (viewers.size === 0) live.delete(videoId);
    return viewers.size;
  };

  return {
    beacon(beacon: Beacon, context: BeaconContext): void {
      const { day } = context;
      if (beacon.kind === 'live') {
        if (beacon.liveViewer === null) return;
        const viewers = live.get(beacon.videoId) ?? new Map<string, number>();
        viewers.set(beacon.liveViewer, context.now);
        live.set(beacon.videoId, viewers);
        const row = videoDay(beacon.videoId, day);
        row.livePeak = Math.max(row.livePeak, liveNow(beacon.videoId, context.now));
        return;
      }
      const row = videoDay(beacon.videoId, day);
      row.watchSeconds += beacon.seconds;
      for (const bucket of beacon.buckets) row.retention[bucket]! += 1;
      if (beacon.kind === 'finish' && context.firstToday) row.finishes += 1;
      if (beacon.kind === 'play' && context.firstToday) {
        row.plays += 1;
        showcaseDay(beacon.showcaseId, day).plays += 1;
        addOrigins('video', beacon.videoId, day, beacon.referrer, context.country, context.ownHost);
      }
    },

    visit(showcaseId: number, context: VisitContext): void {
      if (!context.firstVisit) return;
      showcaseDay(showcaseId, context.day).visits += 1;
      addOrigins(
        'showcase',
        showcaseId,
        context.day,
        context.referrer,
        context.country,
        context.ownHost,
      );
    },

    /** The live viewers of a video now. */
    liveViewers: liveNow,

    /** Everything counted since the last drain, which starts afresh. */
    drain(): TallyBatch {
      const batch = {
        videos: [...videos.values()],
        showcases: [...showcases.values()],
        sources: [...sources.values()],
      };
      videos = new Map();
      showcases = new Map();
      sources = new Map();
      return batch;
    },
  };
}

/** Whether a batch holds nothing to write. */
export function isEmptyBatch(batch: TallyBatch): boolean {
  return batch.videos.length === 0 && batch.showcases.length === 0 && batch.sources.length === 0;
}

/**
 * The retention curve: of the plays, the share (0 to 1) that reached each part of the video.
 * Rounded to whole per mille, never above 1 (a repeat play that was not counted may still
 * have watched).
 */
export function retentionCurve(retention: readonly number[], plays: number): number[] {
  return retention.map((viewers) =>
    plays > 0 ? Math.min(Math.round((viewers / plays) * 1000) / 1000, 1) : 0,
  );
}

/** The average share of the video a play watched, 0 to 1. */
export function averageWatched(watchSeconds: number, plays: number, duration: number): number {
  if (plays <= 0 || duration <= 0) return 0;
  return Math.min(watchSeconds / (plays * duration), 1);
}

const SHOWCASE_PAGE = /^\/showcase\/([1-9]\d{0,9})(?:\/video\/[1-9]\d{0,9})?\/?$/;

/**
 * The showcase a page address (already without its locale prefix) is a visit of: the
 * showcase page or one of its video pages, not its frames, feeds or forms.
 */
export function visitedShowcase(path: string): number | null {
  const match = SHOWCASE_PAGE.exec(path.split('?', 1)[0] ?? '');
  return match ? Number(match[1]) : null;
}
