/**
 * Blocking reloads of low-latency HLS playlists (RFC 8216bis 6.2.5.2): a request for a live
 * playlist with _HLS_msn (and _HLS_part) is held until the stored playlist holds that part, so
 * the player hears of it the moment it exists without polling. Whichever node gets the request
 * answers it: a node packaging the rung hears of each playlist it stores (playlistStored);
 * any other reads the stored playlist again every POLL_MS, once per playlist however many
 * requests wait on it. A hinted part asked for before it exists (#EXT-X-PRELOAD-HINT) is held
 * the same way.
 */
import { playlistEdge, reloadVerdict, type BlockingRequest } from '../../lib/llHlsPlaylist.ts';
import { readWhole, type MediaStorage } from '../media/storage.ts';

const POLL_MS = 100;
/** RFC 8216bis: a held request is answered within three target durations. */
const HOLD_TARGET_DURATIONS = 3;
/** A hinted part is waited for this long: a few parts, then the request is answered 404. */
const PART_WAIT_MS = 2_000;

interface Waiter {
  ready: (text: string) => boolean;
  resolve: (text: string) => void;
}

interface Watch {
  waiters: Set<Waiter>;
  timer: NodeJS.Timeout | null;
}

const watches = new Map<string, Watch>();

function offer(key: string, text: string): void {
  for (const waiter of watches.get(key)?.waiters ?? []) {
    if (waiter.ready(text)) waiter.resolve(text);
  }
}

/** The packager stored a new version of the playlist at `key`: requests held on it may go. */
export function playlistStored(key: string, text: string): void {
  offer(key, text);
}

function poll(store: MediaStorage, key: string, watch: Watch): void {
  watch.timer = setTimeout(() => {
    void readWhole(store, key)
      .then((bytes) => {
        if (bytes) offer(key, bytes.toString('utf8'));
      })
      .catch(() => undefined)
      .finally(() => {
        if (watch.waiters.size > 0) return poll(store, key, watch);
        watch.timer = null;
        if (watches.get(key) === watch) watches.delete(key);
      });
  }, POLL_MS);
}

/** Waits until `ready` holds for a version of the playlist, or `ms` passed; resolves with the last one seen. */
function waitFor(
  store: MediaStorage,
  key: string,
  first: string,
  ready: (text: string) => boolean,
  ms: number,
): Promise<string> {
  let watch = watches.get(key);
  if (!watch) {
    watch = { waiters: new Set(), timer: null };
    watches.set(key, watch);
  }
  const current = watch;
  return new Promise((resolve) => {
    let latest = first;
    const waiter: Waiter = {
      ready: (text) => {
        if (playlistEdge(text)) latest = text;
        return ready(text);
      },
      resolve: (text) => done(text),
    };
    const timeout = setTimeout(() => done(latest), ms);
    function done(text: string): void {
      clearTimeout(timeout);
      current.waiters.delete(waiter);
      if (current.waiters.size === 0 && current.timer === null) watches.delete(key);
      resolve(text);
    }
    current.waiters.add(waiter);
    if (current.timer === null) poll(store, key, current);
  });
}

export type HeldPlaylist = { text: string } | 'missing' | 'too-far';

/**
 * The stored playlist at `key` once it answers `request`: at once when it already does or has
 * ended, 'too-far' for a part beyond what the next seconds can bring, else when it comes or
 * after three target durations, with what is there by then.
 */
export async function heldPlaylist(
  store: MediaStorage,
  key: string,
  request: BlockingRequest,
): Promise<HeldPlaylist> {
  const bytes = await readWhole(store, key);
  if (!bytes) return 'missing';
  const text = bytes.toString('utf8');
  const edge = playlistEdge(text);
  // Read mid-write: held until a whole version comes.
  const verdict = edge ? reloadVerdict(edge, request) : 'hold';
  if (verdict === 'too-far') return 'too-far';
  if (verdict === 'ready') return { text };
  const ready = (candidate: string) => {
    const later = playlistEdge(candidate);
    return later !== null && reloadVerdict(later, request) === 'ready';
  };
  const holdMs = HOLD_TARGET_DURATIONS * Math.max(1, edge?.targetDuration ?? 0) * 1000;
  return { text: await waitFor(store, key, text, ready, holdMs) };
}

/** Waits a few parts for a hinted part to be stored; whether it is. */
export async function awaitHintedPart(store: MediaStorage, key: string): Promise<boolean> {
  const deadline = Date.now() + PART_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (await store.exists(key)) return true;
  }
  return false;
}
